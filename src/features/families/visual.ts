/**
 * The rendered-view study's spatial view as block features: where a block's box sits (against the window,
 * the fold and the page's main column), how wide and tall it is, how big and heavy its
 * font is against the page's body font, whether it shows and how well it contrasts, and
 * whether it lines up with its neighbours. Read from the page's layout (`pith render`,
 * `--render`); a page drawn by no browser gets one `vis:unrendered` attribute, so a model
 * trained with layouts still reads parser-only pages.
 */
import type { FeatureFamily } from '../family.js';
import type { PageContext } from '../page-context.js';
import type { PageLayout } from '../../render/layout.js';
import { log2Bucket } from '../text-stats.js';

/** Words that make a block prose, for finding the main column (the decoder's prose threshold). */
const PROSE_WORDS = 12;
/** Boxes this close (px) count as aligned. */
const ALIGN_PX = 3;
const MISSING = -1;

interface DrawnBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly shown: boolean;
  readonly font: number;
  readonly weight: number;
  readonly contrast: number;
}

function drawnBox(layout: PageLayout, id: number): DrawnBox | undefined {
  const c = layout.cols;
  const x = c.x[id];
  if (x === undefined || Number.isNaN(x)) return undefined;
  return { x, y: c.y[id]!, w: c.w[id]!, h: c.h[id]!, shown: c.visible[id] === 1, font: c.fontSize[id]!, weight: c.fontWeight[id]!, contrast: c.contrast[id]! };
}

/** The value with the most weight (`weights` aligned with `values`). */
function weightedMode(values: readonly number[], weights: readonly number[]): number | undefined {
  const sums = new Map<number, number>();
  values.forEach((v, k) => sums.set(v, (sums.get(v) ?? 0) + weights[k]!));
  let best: number | undefined;
  let bestW = -1;
  for (const [v, w] of sums) if (w > bestW) [best, bestW] = [v, w];
  return best;
}

/** The value below which half the weight lies. */
function weightedMedian(values: readonly number[], weights: readonly number[]): number | undefined {
  const order = values.map((_, k) => k).sort((a, b) => values[a]! - values[b]!);
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  for (const k of order) {
    acc += weights[k]!;
    if (acc >= total / 2) return values[k];
  }
  return undefined;
}

interface PageFacts {
  readonly boxes: (DrawnBox | undefined)[];
  readonly bodyFont: number;
  readonly column: { readonly x0: number; readonly x1: number };
  readonly firstScreenMaxFont: number;
}

function pageFacts(ctx: PageContext, layout: PageLayout): PageFacts {
  const boxes = ctx.blocks.map((b) => drawnBox(layout, b.elementId));
  const fonts: number[] = [];
  const fontWeights: number[] = [];
  const lefts: number[] = [];
  const rights: number[] = [];
  const proseWeights: number[] = [];
  let firstScreenMaxFont = 0;
  ctx.blocks.forEach((b, i) => {
    const box = boxes[i];
    if (!box || !box.shown || b.kind !== 'text') return;
    const chars = b.text.length;
    if (!Number.isNaN(box.font)) {
      fonts.push(Math.round(box.font * 2) / 2);
      fontWeights.push(chars);
      if (box.y < layout.viewport.height) firstScreenMaxFont = Math.max(firstScreenMaxFont, box.font);
    }
    if (ctx.blockTokens.count(i) >= PROSE_WORDS && b.linkChars < chars / 2) {
      lefts.push(box.x);
      rights.push(box.x + box.w);
      proseWeights.push(chars);
    }
  });
  const bodyFont = weightedMode(fonts, fontWeights) ?? 16;
  const x0 = weightedMedian(lefts, proseWeights) ?? 0;
  const x1 = weightedMedian(rights, proseWeights) ?? layout.viewport.width;
  return { boxes, bodyFont, column: { x0, x1: Math.max(x1, x0 + 1) }, firstScreenMaxFont };
}

function fontBucket(ratio: number): string {
  if (ratio < 0.92) return 'smaller';
  if (ratio < 1.08) return 'body';
  if (ratio < 1.4) return 'larger';
  if (ratio < 2) return 'large';
  return 'huge';
}

function widthBucket(ratio: number): string {
  if (ratio < 0.3) return 'narrow';
  if (ratio < 0.7) return 'half';
  if (ratio < 1.15) return 'column';
  return 'wide';
}

export const visualFamily: FeatureFamily = {
  name: 'visual',
  doc: "The rendered-view study's rendered view (needs a layout: `pith render`, `--render`; off unless asked for): the block's box against the window (`vis:x=left|center|right`, `vis:y=top|fold1|fold2|below`, `vis:ypage=<decile>`), against the page's main column, the char-weighted median left and right edge of its prose (`vis:col=in|partial|left|right`, `vis:w=narrow|half|column|wide`), its height (`vis:h=<log2 px>`), its font against the page's body font (`vis:font=smaller|body|larger|large|huge`, `vis:font-top` for the largest font of the first screen, `vis:bold`), `vis:hidden` when the browser does not show it, `vis:contrast=low|mid` for faint text, `vis:align-prev` / `vis:align-next` when its left edge lines up with its neighbour's, and for images their drawn size against the column (`vis:img=<log2 share>`). `vis:unrendered` on every block of a page without a layout, `vis:unmapped` for a block whose element the browser did not draw. Columns visTop (y / window height), visFont (font / body font), visColumn (share of the block inside the column), visWidth (width / column width); -1 without a layout.",
  columns: [
    { name: 'visTop', kind: 'numeric' },
    { name: 'visFont', kind: 'numeric' },
    { name: 'visColumn', kind: 'numeric' },
    { name: 'visWidth', kind: 'numeric' },
  ],
  attributes: ['vis:*'],
  compute(ctx, out) {
    const layout = ctx.page.layout;
    const n = ctx.blocks.length;
    const missing = (i: number): void => {
      for (let j = 0; j < 4; j++) out.col(i, j, MISSING);
    };
    if (!layout) {
      for (let i = 0; i < n; i++) {
        out.attr(i, 'vis:unrendered');
        missing(i);
      }
      return;
    }
    const facts = pageFacts(ctx, layout);
    const { width: vw, height: vh } = layout.viewport;
    const colW = facts.column.x1 - facts.column.x0;
    const pageH = Math.max(layout.page.height, vh);
    let prevShown: DrawnBox | undefined;
    const nextShown: (DrawnBox | undefined)[] = new Array(n);
    let following: DrawnBox | undefined;
    for (let i = n - 1; i >= 0; i--) {
      nextShown[i] = following;
      const b = facts.boxes[i];
      if (b && b.shown) following = b;
    }
    for (let i = 0; i < n; i++) {
      const box = facts.boxes[i];
      if (!box) {
        out.attr(i, 'vis:unmapped');
        missing(i);
        continue;
      }
      if (!box.shown) out.attr(i, 'vis:hidden');
      const cx = box.x + box.w / 2;
      out.attr(i, cx < vw / 3 ? 'vis:x=left' : cx > (2 * vw) / 3 ? 'vis:x=right' : 'vis:x=center');
      out.attr(i, box.y < vh / 2 ? 'vis:y=top' : box.y < vh ? 'vis:y=fold1' : box.y < 2 * vh ? 'vis:y=fold2' : 'vis:y=below');
      out.attr(i, ctx.name('vis:ypage=', String(Math.min(9, Math.max(0, Math.floor((box.y / pageH) * 10))))));
      const inside = Math.max(0, Math.min(box.x + box.w, facts.column.x1) - Math.max(box.x, facts.column.x0));
      const share = box.w > 0 ? inside / box.w : 0;
      out.attr(i, share >= 0.8 ? 'vis:col=in' : share > 0.2 ? 'vis:col=partial' : cx < facts.column.x0 ? 'vis:col=left' : 'vis:col=right');
      const widthRatio = box.w / colW;
      out.attr(i, `vis:w=${widthBucket(widthRatio)}`);
      out.attr(i, ctx.name('vis:h=', log2Bucket(Math.round(box.h), 4096)));
      const fontRatio = Number.isNaN(box.font) ? 1 : box.font / facts.bodyFont;
      const block = ctx.blocks[i]!;
      if (block.kind === 'text') {
        out.attr(i, `vis:font=${fontBucket(fontRatio)}`);
        if (box.y < vh && box.font >= facts.firstScreenMaxFont * 0.98 && fontRatio > 1.08) out.attr(i, 'vis:font-top');
        if (box.weight >= 600) out.attr(i, 'vis:bold');
        if (box.contrast < 3) out.attr(i, 'vis:contrast=low');
        else if (box.contrast < 4.5) out.attr(i, 'vis:contrast=mid');
      } else {
        const areaShare = (box.w * box.h) / Math.max(1, colW * colW * 0.5);
        out.attr(i, ctx.name('vis:img=', log2Bucket(Math.round(areaShare * 64), 256)));
      }
      if (prevShown && Math.abs(prevShown.x - box.x) <= ALIGN_PX) out.attr(i, 'vis:align-prev');
      const next = nextShown[i];
      if (next && Math.abs(next.x - box.x) <= ALIGN_PX) out.attr(i, 'vis:align-next');
      if (box.shown) prevShown = box;
      out.col(i, 0, Math.min(10, box.y / vh));
      out.col(i, 1, Math.min(4, fontRatio));
      out.col(i, 2, share);
      out.col(i, 3, Math.min(4, widthRatio));
    }
  },
};
