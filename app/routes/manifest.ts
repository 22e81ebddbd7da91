import { tr } from "~/shared/texts/tr";

/** GET /manifest.webmanifest — the web app manifest (issue 27 §2): name, icons and colours for 'add to home screen'. */
export function loader() {
  const manifest = {
    name: tr.brand.name,
    short_name: tr.brand.name,
    description: tr.brand.slogan,
    lang: "tr",
    start_url: "/home",
    scope: "/",
    display: "standalone",
    background_color: "#fdf6ec",
    theme_color: "#3b2417",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
