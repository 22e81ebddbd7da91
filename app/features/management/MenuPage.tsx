import { Form, useNavigation } from "react-router";
import type { Route } from "../../routes/management/+types/menu";
import {
  ActionMessage,
  buttonClass,
  CheckField,
  fieldsOf,
  panelClass,
  SelectField,
  TextField,
  useZodForm,
  type ActionResult,
} from "~/features/management/ui";
import { CsrfField } from "~/ui/CsrfField";
import { MENU_SIZES, menuTileSchema } from "~/shared/management-forms";
import { fmt } from "~/shared/texts/tr";
import { managementTr } from "~/shared/texts/management.tr";
import { busyProps } from "~/ui/busy";

const t = managementTr;
const m = t.menu;

type Tile = Route.ComponentProps["loaderData"]["tiles"][number];

/** The menu tiles screen (route: routes/management/menu.tsx, /management/menu). */
export function MenuPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const result = actionData as ActionResult | undefined;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{m.title}</h1>
      <p className="text-sm text-stone-700">{m.hint}</p>
      <ActionMessage result={result} />
      <ul className="flex flex-col gap-3">
        {loaderData.tiles.map((tile) => (
          <li key={tile.pageId}>
            <TileForm tile={tile} result={result} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function TileForm({ tile, result }: { tile: Tile; result: ActionResult | undefined }) {
  const key = `tile-${tile.pageId}`;
  const busy = useNavigation().state === "submitting";
  const form = useZodForm(menuTileSchema, fieldsOf(result, key));
  const e = form.errors;
  const open = result?.form === key;
  return (
    <details className={panelClass} open={open}>
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-3 font-semibold">
        <span aria-hidden="true" className="inline-block size-6 rounded" style={{ backgroundColor: tile.bgColour }} />
        {fmt(m.tile, { pageId: tile.pageId, name: tile.name })}
        {tile.parentPageId ? <span className="text-sm font-normal text-stone-600">{fmt(m.subOf, { parent: tile.parentPageId })}</span> : null}
        {tile.active ? null : <span className="rounded bg-stone-200 px-2 text-sm font-normal">{t.forms.inactive}</span>}
      </summary>
      <Form method="post" onSubmit={form.onSubmit} noValidate className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <CsrfField />
        <input type="hidden" name="pageId" value={tile.pageId} />
        <TextField label={m.name} name="name" defaultValue={tile.name} maxLength={60} required error={e.name} />
        <TextField label={m.header} name="header" defaultValue={tile.header} maxLength={80} error={e.header} />
        <TextField label={m.subHeader} name="subHeader" defaultValue={tile.subHeader} maxLength={120} error={e.subHeader} />
        <TextField label={m.description} name="description" defaultValue={tile.description} maxLength={300} error={e.description} className="sm:col-span-2" />
        <TextField label={m.link} name="link" defaultValue={tile.link} maxLength={200} error={e.link} />
        <SelectField label={m.size} name="size" defaultValue={tile.size} error={e.size}>
          {MENU_SIZES.map((s) => (
            <option key={s} value={s}>
              {m.sizes[s]}
            </option>
          ))}
        </SelectField>
        <TextField label={m.position} name="position" inputMode="numeric" defaultValue={tile.position} error={e.position} />
        <TextField label={m.bgColour} name="bgColour" type="color" defaultValue={tile.bgColour} error={e.bgColour} />
        <TextField label={m.textColour} name="textColour" type="color" defaultValue={tile.textColour} error={e.textColour} />
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium">{m.preview}</span>
          <span className="rounded-lg px-3 py-2 font-semibold" style={{ backgroundColor: tile.bgColour, color: tile.textColour }}>
            {tile.header || tile.name}
          </span>
        </div>
        <div className="sm:col-span-2 lg:col-span-3">
          <CheckField label={m.active} name="active" defaultChecked={tile.active} />
        </div>
        <div>
          <button type="submit" className={buttonClass} {...busyProps(busy)}>
            {m.save}
          </button>
        </div>
      </Form>
    </details>
  );
}
