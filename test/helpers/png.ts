/**
 * A small PNG reader and writer for screenshot tests: 8-bit greyscale, grey+alpha, RGB and
 * RGBA, not interlaced (what Chromium's screenshots are). Decoded to RGBA; the writer makes
 * RGBA images (difference pictures).
 */
import { deflateSync, inflateSync } from 'node:zlib';

export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  /** width * height * 4 bytes, row by row. */
  readonly data: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function decodePng(buf: Uint8Array): RgbaImage {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.length < 8 || !b.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0, height = 0, depth = 0, colour = 0, interlace = 0;
  const idat: Buffer[] = [];
  for (let o = 8; o + 8 <= b.length; ) {
    const len = b.readUInt32BE(o);
    const type = b.toString('latin1', o + 4, o + 8);
    const body = b.subarray(o + 8, o + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      depth = body[8]!;
      colour = body[9]!;
      interlace = body[12]!;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    o += 12 + len;
  }
  const channels = CHANNELS[colour];
  if (depth !== 8 || channels === undefined || interlace !== 0) throw new Error(`unsupported PNG (depth ${depth}, colour ${colour}, interlace ${interlace})`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[row + x - channels]! : 0;
      const up = y > 0 ? pixels[row - stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[row - stride + x - channels]! : 0;
      const v = raw[src + x]!;
      let out: number;
      switch (filter) {
        case 0: out = v; break;
        case 1: out = v + a; break;
        case 2: out = v + up; break;
        case 3: out = v + ((a + up) >> 1); break;
        case 4: out = v + paeth(a, up, c); break;
        default: throw new Error(`bad PNG filter ${filter}`);
      }
      pixels[row + x] = out & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += channels) {
    const o = i * 4;
    if (channels >= 3) {
      data[o] = pixels[j]!;
      data[o + 1] = pixels[j + 1]!;
      data[o + 2] = pixels[j + 2]!;
    } else data[o] = data[o + 1] = data[o + 2] = pixels[j]!;
    data[o + 3] = channels === 4 ? pixels[j + 3]! : channels === 2 ? pixels[j + 1]! : 255;
  }
  return { width, height, data };
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

export function encodePng(img: RgbaImage): Buffer {
  const { width, height, data } = img;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) Buffer.from(data.buffer, data.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]);
}

export interface ImageDifference {
  /** Mean absolute difference of the R, G, B channels over the larger of the two sizes, 0 (same) to 1. */
  readonly mean: number;
  /** Share of pixels whose channels differ by more than 32 (of 255) in any channel. */
  readonly changed: number;
  readonly sizeA: readonly [number, number];
  readonly sizeB: readonly [number, number];
  /** Where they differ: grey where equal, red where not. */
  readonly picture: RgbaImage;
}

/**
 * Compares two images pixel by pixel, top-left aligned; where one is smaller its missing
 * pixels count as `fill` (white), so a wrong size is a difference too.
 */
export function compareImages(a: RgbaImage, b: RgbaImage, fill: readonly [number, number, number] = [255, 255, 255]): ImageDifference {
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const picture = new Uint8Array(width * height * 4);
  const at = (img: RgbaImage, x: number, y: number, c: number): number =>
    x < img.width && y < img.height ? img.data[(y * img.width + x) * 4 + c]! : fill[c]!;
  let sum = 0;
  let changed = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let worst = 0;
      let grey = 0;
      for (let c = 0; c < 3; c++) {
        const va = at(a, x, y, c);
        const d = Math.abs(va - at(b, x, y, c));
        sum += d;
        worst = Math.max(worst, d);
        grey += va;
      }
      if (worst > 32) changed++;
      const o = (y * width + x) * 4;
      const g = Math.round(grey / 3 / 2 + 127);
      picture[o] = worst > 32 ? 255 : g;
      picture[o + 1] = worst > 32 ? 0 : g;
      picture[o + 2] = worst > 32 ? 0 : g;
      picture[o + 3] = 255;
    }
  }
  const n = width * height;
  return {
    mean: n > 0 ? sum / (n * 3 * 255) : 0, changed: n > 0 ? changed / n : 0,
    sizeA: [a.width, a.height], sizeB: [b.width, b.height], picture: { width, height, data: picture },
  };
}
