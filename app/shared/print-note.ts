/**
 * Controls of the printed gift note (SPEC §2.12, §9): font +/− in 10 % steps, margin +/− in 5 px steps, and a
 * colour change cycling five backgrounds, each with the text colour that reads well on it.
 */
export const NOTE_FONT = { initial: 100, step: 10, min: 50, max: 200 } as const;
export const NOTE_MARGIN = { initial: 20, step: 5, min: 0, max: 60 } as const;

/** Note text size at 100 %, in points. */
export const NOTE_BASE_FONT_PT = 15;

export const NOTE_BACKGROUNDS = [
  { image: "/img/notes/krem.svg", text: "#3b2417" },
  { image: "/img/notes/cikolata.svg", text: "#fbf3e4" },
  { image: "/img/notes/pembe.svg", text: "#5a1a32" },
  { image: "/img/notes/nane.svg", text: "#123d2e" },
  { image: "/img/notes/gece.svg", text: "#f3e6d6" },
] as const;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Font size in percent after one press of + (1) or − (−1). */
export const stepFont = (current: number, dir: 1 | -1) => clamp(current + dir * NOTE_FONT.step, NOTE_FONT.min, NOTE_FONT.max);

/** Margin in pixels after one press of + (1) or − (−1). */
export const stepMargin = (current: number, dir: 1 | -1) => clamp(current + dir * NOTE_MARGIN.step, NOTE_MARGIN.min, NOTE_MARGIN.max);

/** The next background index (cycles through all five). */
export const nextBackground = (i: number) => (i + 1) % NOTE_BACKGROUNDS.length;
