import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { parse } from "cookie";
import type { Route } from "./+types/root";
import "./app.css";
import { skipAfterNetworkFailure } from "./ui/network";
import * as site from "./.server/site/service";
import * as accounts from "./.server/accounts/service";
import * as basketService from "./.server/basket/service";
import { isChromeless } from "./shared/constants";
import { isNoindexPath } from "./shared/sitemap";
import { fmt, tr } from "./shared/texts/tr";
import { NoticeProvider } from "./ui/Notices";
import { useNonce } from "./ui/nonce";
import { mainHeading } from "./ui/focus";
import { SiteHeader } from "./features/chrome/SiteHeader";
import { SideMenu } from "./features/chrome/SideMenu";
import { SiteFooter } from "./features/chrome/SiteFooter";
import { getSellerIdentity, publicSeller } from "./.server/seller/service";
import { SiteMessageBar } from "./features/chrome/SiteMessages";
import type { BasketSummary, ChromeUser, MenuTileData, PreviousOrder, SiteMessage } from "./features/chrome/types";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [status, menu, session] = await Promise.all([site.getStatus(context.app), site.getMenu(context.app), accounts.getSession(context.app, request)]);
  const [memberOrders, basket] = await Promise.all([
    session.user ? accounts.memberOrders(context.app, session.user.id) : [],
    basketService.getSummary(context.app, { sessionId: session.sessionId, userId: session.user?.id ?? null }),
  ]);
  const cookies = parse(request.headers.get("cookie") ?? "");
  const shown = (text: string, key: string, dismissed: string | undefined): SiteMessage | null =>
    text && dismissed !== key ? { text, key } : null;
  return {
    requestId: context.requestId,
    /** Canonical links and share tags are built from it (PageMeta). */
    publicUrl: context.app.config.publicUrl,
    version: status.version,
    seller: publicSeller(getSellerIdentity()),
    chatUrl: context.app.config.chatUrl,
    topMsg: shown(status.topMsg, status.topKey, cookies.dm_top),
    botMsg: shown(status.botMsg, status.botKey, cookies.dm_bot),
    menu: menu.map(
      (t): MenuTileData => ({
        pageId: t.pageId,
        parentPageId: t.parentPageId,
        size: t.size,
        name: t.name,
        link: t.link,
        subHeader: t.subHeader,
        bgColour: t.bgColour,
        textColour: t.textColour,
      }),
    ),
    basket: basket as BasketSummary | null,
    user: (session.user ? { name: session.user.name, initial: session.user.initial } : null) as ChromeUser | null,
    orders: memberOrders.map(
      (o): PreviousOrder => ({
        orderNumber: o.orderNumber,
        status: o.status,
        carrier: o.carrier,
        trackingNumber: o.trackingNumber,
        trackingUrl: o.trackingUrl,
        estimatedDelivery: o.estimatedDelivery,
      }),
    ),
    /** Echoed by <CsrfField/> in every form (accounts issue). */
    csrfToken: session.csrfToken,
  };
}

/** A request that never reached the server keeps the page (no reload that would fail too). */
export const shouldRevalidate = skipAfterNetworkFailure;

export function meta() {
  return [
    { title: tr.brand.name },
    { name: "description", content: tr.brand.slogan },
    { name: "theme-color", content: "#3b2417" },
  ];
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  return (
    <html lang="tr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {isNoindexPath(pathname) ? <meta name="robots" content="noindex, nofollow" /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * A new page reached without a reload starts where a reloaded one would be read from: its main heading gets the
 * focus (a screen reader says where the shopper is; the next Tab goes into the page, not back through the header),
 * unless the new page moved the focus itself (an error summary, a dialog). Query-only changes keep the focus.
 */
function useFocusOnNewPage(pathname: string) {
  const navigation = useNavigation();
  const before = useRef<Element | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (navigation.state !== "idle") before.current = document.activeElement;
  }, [navigation.state]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const now = document.activeElement;
    if (!now || now === document.body || !now.isConnected || now === before.current) mainHeading()?.focus();
    before.current = null;
  }, [pathname]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    // lets tests and progressive enhancement know the page is interactive
    document.documentElement.dataset.hydrated = "1";
  }, []);
  useFocusOnNewPage(pathname);
  if (isChromeless(pathname)) {
    // no header or footer, and so none of the header's site messages (SPEC §2.1, §2.3)
    return (
      <NoticeProvider>
        <main id="main">
          <Outlet />
        </main>
      </NoticeProvider>
    );
  }
  return (
    <NoticeProvider belowHeader>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {tr.common.skipToContent}
      </a>
      <SiteHeader basket={loaderData.basket} onMenu={() => setMenuOpen(true)} />
      <SideMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        user={loaderData.user}
        orders={loaderData.orders}
        tiles={loaderData.menu}
        chatUrl={loaderData.chatUrl}
      />
      <div className="pt-14">
        <SiteMessageBar which="top" message={loaderData.topMsg} />
        <main id="main" tabIndex={-1} className="min-h-[60vh] focus:outline-none">
          <Outlet />
        </main>
      </div>
      <SiteFooter version={loaderData.version} seller={loaderData.seller} />
      <SiteMessageBar which="bottom" message={loaderData.botMsg} />
    </NoticeProvider>
  );
}

/**
 * What the error view says: a missing page, a page that takes no form (405), a refusal with its own Turkish text
 * (4xx thrown by an action: a stale CSRF token, a body that cannot be read), or the system error with its id.
 */
function errorText(error: unknown): { title: string; body: string | null; fault: boolean } {
  if (isRouteErrorResponse(error) && error.status < 500) {
    if (error.status === 404) return { title: tr.errors.notFoundTitle, body: null, fault: false };
    if (error.status === 405) return { title: tr.errors.methodNotAllowedTitle, body: tr.errors.noActionBody, fault: false };
    const own = error.data && typeof error.data === "object" && "error" in error.data && typeof error.data.error === "string" ? error.data.error : null;
    return { title: tr.errors.refusedTitle, body: own ?? tr.errors.badRequestBody, fault: false };
  }
  return { title: tr.errors.pageTitle, body: tr.errors.pageBody, fault: true };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { title, body, fault } = errorText(error);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      {body ? <p className="mt-4">{body}</p> : null}
      <p className="mt-6">
        <a href="/home" className="underline">
          {tr.common.home}
        </a>
      </p>
      {root?.requestId && fault ? <p className="mt-6 text-sm text-stone-600">{fmt(tr.errors.requestId, { id: root.requestId })}</p> : null}
    </main>
  );
}
