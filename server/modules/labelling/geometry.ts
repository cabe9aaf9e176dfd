/**
 * Geometry of data labelling (issue 19, part B): box overlap, consensus of several annotators,
 * tiling of large images and the merge of boxes seen twice in the overlap of neighbouring tiles.
 * Pure functions over pixel coordinates of the image (x grows right, y down; x1 < x2, y1 < y2).
 */

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** The label class (an index into the project's classes). */
  cls: number;
}

/**
 * Two annotators' boxes are the same object when their classes are equal and their IoU is at least
 * this. 0.5 is the PASCAL VOC / COCO AP50 criterion: loose enough for hand-drawn frames of the same
 * object (a few pixels off on each side), strict enough that neighbouring objects stay apart.
 */
export const IOU_THRESHOLD = 0.5;
/** Two boxes from neighbouring tiles are one object when the smaller lies at least this much inside the other. */
export const TILE_MERGE_THRESHOLD = 0.5;

export const area = (b: Omit<Box, 'cls'>) => Math.max(0, b.x2 - b.x1) * Math.max(0, b.y2 - b.y1);

function intersection(a: Omit<Box, 'cls'>, b: Omit<Box, 'cls'>): number {
  return Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1)) * Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
}

/** Intersection over union; 0 for disjoint boxes. */
export function iou(a: Omit<Box, 'cls'>, b: Omit<Box, 'cls'>): number {
  const inter = intersection(a, b);
  const union = area(a) + area(b) - inter;
  return union > 0 ? inter / union : 0;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface Cluster {
  /** One box per annotator at most, keyed by the annotator's index. */
  members: Map<number, Box>;
}

export interface BoxConsensus {
  /** One box per object enough annotators drew: the mean of their boxes (2 decimals). */
  agreed: Box[];
  /** Objects drawn by too few annotators, or with classes that differ: for the trusted reviewer. */
  disputed: { cls: number; boxes: { annotator: number; box: Box }[] }[];
}

/** How many of `annotators` must agree: a strict majority (both of two, two of three, three of four or five). */
export const requiredVotes = (annotators: number) => Math.floor(annotators / 2) + 1;

/**
 * Consensus of several annotators' boxes on one image. Boxes are grouped greedily: annotator by
 * annotator, each box joins the group (of its class, without a box of that annotator yet) whose
 * mean box it overlaps most, if that IoU reaches IOU_THRESHOLD; otherwise it starts a group. Pairs
 * are taken highest IoU first, so a box never takes a group from a better match. A group with
 * boxes from at least requiredVotes(annotators) annotators is agreed; the others are disputed.
 */
export function boxConsensus(annotations: Box[][], annotators = annotations.length): BoxConsensus {
  const clusters: Cluster[] = [];
  const mean = (c: Cluster): Box => {
    const bs = [...c.members.values()];
    const avg = (k: 'x1' | 'y1' | 'x2' | 'y2') => round2(bs.reduce((s, b) => s + b[k], 0) / bs.length);
    return { x1: avg('x1'), y1: avg('y1'), x2: avg('x2'), y2: avg('y2'), cls: bs[0]!.cls };
  };
  annotations.forEach((boxes, annotator) => {
    const pairs: { box: number; cluster: number; overlap: number }[] = [];
    boxes.forEach((b, bi) =>
      clusters.forEach((c, ci) => {
        if (c.members.has(annotator)) return;
        const m = mean(c);
        if (m.cls !== b.cls) return;
        const overlap = iou(b, m);
        if (overlap >= IOU_THRESHOLD) pairs.push({ box: bi, cluster: ci, overlap });
      }),
    );
    pairs.sort((p, q) => q.overlap - p.overlap || p.box - q.box || p.cluster - q.cluster);
    const usedBoxes = new Set<number>();
    const usedClusters = new Set<number>();
    for (const p of pairs) {
      if (usedBoxes.has(p.box) || usedClusters.has(p.cluster)) continue;
      usedBoxes.add(p.box);
      usedClusters.add(p.cluster);
      clusters[p.cluster]!.members.set(annotator, boxes[p.box]!);
    }
    boxes.forEach((b, bi) => {
      if (!usedBoxes.has(bi)) clusters.push({ members: new Map([[annotator, b]]) });
    });
  });
  const need = requiredVotes(annotators);
  const result: BoxConsensus = { agreed: [], disputed: [] };
  for (const c of clusters) {
    if (c.members.size >= need) result.agreed.push(mean(c));
    else result.disputed.push({ cls: mean(c).cls, boxes: [...c.members].map(([annotator, box]) => ({ annotator, box })) });
  }
  return result;
}

/** Classification by vote: the class a strict majority chose, or null (to the reviewer). */
export function classVote(votes: number[], annotators = votes.length): number | null {
  const counts = new Map<number, number>();
  for (const v of votes) counts.set(v, (counts.get(v) ?? 0) + 1);
  for (const [cls, n] of counts) if (n >= requiredVotes(annotators)) return cls;
  return null;
}

export interface Tile {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Tiles are at most this many pixels a side; neighbours overlap by TILE_OVERLAP. */
export const TILE_SIZE = 1024;
export const TILE_OVERLAP = 128;

function starts(length: number, size: number, overlap: number): number[] {
  if (length <= size) return [0];
  const stride = size - overlap;
  const out: number[] = [];
  for (let s = 0; s + size < length; s += stride) out.push(s);
  // The last tile ends on the image's edge (its overlap with the previous one may be larger).
  out.push(length - size);
  return out;
}

/** The tiles that cover a `width` × `height` image, row by row; one tile when it fits. */
export function tileGrid(width: number, height: number, size = TILE_SIZE, overlap = TILE_OVERLAP): Tile[] {
  const tiles: Tile[] = [];
  for (const y of starts(height, size, overlap)) for (const x of starts(width, size, overlap)) tiles.push({ x, y, w: Math.min(size, width), h: Math.min(size, height) });
  return tiles;
}

/** A box drawn on a tile, in the whole image's coordinates. */
export const toImage = (b: Box, t: Tile): Box => ({ x1: b.x1 + t.x, y1: b.y1 + t.y, x2: b.x2 + t.x, y2: b.y2 + t.y, cls: b.cls });

/**
 * Boxes of all tiles of one image (already in image coordinates, each with its tile's index) with
 * the objects seen twice merged: two boxes of the same class from different tiles are one object
 * when the intersection covers at least TILE_MERGE_THRESHOLD of the smaller box (an object cut by
 * one tile's edge is a part of the same object seen whole, or cut the other way, by its
 * neighbour); they become their union. Repeated until nothing merges, so an object spread over
 * four tiles ends as one box.
 */
export function mergeTiles(boxes: { box: Box; tile: number }[]): Box[] {
  let items = boxes.map((b) => ({ box: { ...b.box }, tiles: new Set([b.tile]) }));
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i]!;
        const b = items[j]!;
        if (a.box.cls !== b.box.cls || [...a.tiles].some((t) => b.tiles.has(t))) continue;
        const smaller = Math.min(area(a.box), area(b.box));
        if (smaller > 0 && intersection(a.box, b.box) / smaller >= TILE_MERGE_THRESHOLD) {
          const union = { x1: Math.min(a.box.x1, b.box.x1), y1: Math.min(a.box.y1, b.box.y1), x2: Math.max(a.box.x2, b.box.x2), y2: Math.max(a.box.y2, b.box.y2), cls: a.box.cls };
          items = [...items.slice(0, i), { box: union, tiles: new Set([...a.tiles, ...b.tiles]) }, ...items.slice(i + 1, j), ...items.slice(j + 1)];
          merged = true;
          break outer;
        }
      }
    }
  }
  return items.map((i) => i.box);
}
