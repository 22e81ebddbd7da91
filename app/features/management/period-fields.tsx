import { TextAreaField, TextField } from "./ui";
import { toIstanbulLocal } from "~/shared/management-forms";
import { managementTr } from "~/shared/texts/management.tr";

const g = managementTr.game;

export interface PeriodDefaults {
  startsAt: string;
  endsAt: string;
  prizeCount: number;
  reserveCount: number;
  prizes: string[];
  winChanceBp: number;
  followerChances: number;
  info: string;
}

/** The fields of a game period (new or edited); dates in Istanbul time. */
export function PeriodFields({ errors, value }: { errors: Record<string, string>; value?: PeriodDefaults }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <TextField label={g.startsAt} name="startsAt" type="datetime-local" defaultValue={value ? toIstanbulLocal(value.startsAt) : ""} required error={errors.startsAt} />
      <TextField label={g.endsAt} name="endsAt" type="datetime-local" defaultValue={value ? toIstanbulLocal(value.endsAt) : ""} required error={errors.endsAt} />
      <TextField label={g.chance} name="chance" inputMode="decimal" defaultValue={value ? String(value.winChanceBp / 100).replace(".", ",") : "15"} required error={errors.chance} />
      <TextField label={g.prizeCount} name="prizeCount" inputMode="numeric" defaultValue={value?.prizeCount ?? 3} required error={errors.prizeCount} />
      <TextField label={g.reserveCount} name="reserveCount" inputMode="numeric" defaultValue={value?.reserveCount ?? 2} required error={errors.reserveCount} />
      <TextField label={g.followerChances} name="followerChances" inputMode="numeric" defaultValue={value?.followerChances ?? 3} required error={errors.followerChances} />
      <TextAreaField label={g.prizes} name="prizes" rows={4} defaultValue={value?.prizes.join("\n") ?? ""} hint={g.prizesHint} required error={errors.prizes} className="sm:col-span-2 lg:col-span-3" />
      <TextAreaField label={g.info} name="info" defaultValue={value?.info ?? ""} maxLength={2000} error={errors.info} className="sm:col-span-2 lg:col-span-3" />
    </div>
  );
}
