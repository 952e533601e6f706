/**
 * Which images are content: tracking pixels, spacers and ad-server beacons never are.
 * Judged from what the tree keeps (width/height attributes, inline style, the URL),
 * since pith does not load images.
 */
import type { ElementNode } from '../dom/tree.js';

/** Hosts and paths of ad servers, analytics beacons and social trackers. */
const TRACKER_RE = new RegExp(
  [
    'doubleclick\\.net', 'googlesyndication\\.com', 'googleadservices\\.com', 'google-analytics\\.com',
    'googletagmanager\\.com', 'adservice\\.google', 'facebook\\.com/tr', 'facebook\\.net', 'scorecardresearch\\.com',
    'quantserve\\.com', 'pixel\\.wp\\.com', 'stats\\.wp\\.com', 'amazon-adsystem\\.com', 'adnxs\\.com',
    'criteo\\.(?:com|net)', 'taboola\\.com', 'outbrain\\.com', 'chartbeat\\.(?:com|net)', 'bat\\.bing\\.com',
    'analytics\\.twitter\\.com', 'ads\\.linkedin\\.com', 'px\\.ads', 'ib\\.adnxs', 'moatads\\.com',
    'imrworldwide\\.com', 'hotjar\\.com', 'mc\\.yandex\\.ru', 'sb\\.scorecardresearch',
    '/pixel(?:\\.gif|\\.png|\\?|/)', '/beacon(?:\\.gif|\\?|/)', '/tracking?(?:\\.gif|\\?|/)', '/spacer\\.gif', '/blank\\.gif',
    '/1x1\\.(?:gif|png)', '/transparent\\.(?:gif|png)', '/clear\\.gif', '/counter\\?',
  ].join('|'),
  'i',
);

/** A dimension in CSS pixels from an attribute (`1`, `1px`) or undefined when absent / relative. */
function pixels(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/i.exec(v);
  return m ? Number(m[1]) : undefined;
}

function styleSize(style: string | undefined, prop: 'width' | 'height'): number | undefined {
  if (!style) return undefined;
  const m = new RegExp(`(?:^|;)\\s*${prop}\\s*:\\s*(\\d+(?:\\.\\d+)?)\\s*px`, 'i').exec(style);
  return m ? Number(m[1]) : undefined;
}

/** True for images a reader never sees as content: 1x1/2x2 pixels, data: URIs, tracker URLs. */
export function isTrackingImage(el: ElementNode, src: string | undefined): boolean {
  if (!src || /^\s*data:/i.test(src)) return true;
  const w = pixels(el.attrs['width']) ?? styleSize(el.attrs['style'], 'width');
  const h = pixels(el.attrs['height']) ?? styleSize(el.attrs['style'], 'height');
  if ((w !== undefined && w <= 2) || (h !== undefined && h <= 2)) return true;
  return TRACKER_RE.test(src);
}
