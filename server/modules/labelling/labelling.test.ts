import { describe, expect, it } from 'vitest';
import { boxConsensus, classVote, iou, mergeTiles, tileGrid, toImage, type Box } from './geometry.ts';
import { toCoco, toCsv, toVoc, toYolo, type ExportImage } from './export.ts';

const box = (x1: number, y1: number, x2: number, y2: number, cls = 0): Box => ({ x1, y1, x2, y2, cls });

describe('IoU', () => {
  it('matches hand-computed overlaps', () => {
    // 10×10 boxes shifted by 5 px: intersection 5×10 = 50, union 150.
    expect(iou(box(0, 0, 10, 10), box(5, 0, 15, 10))).toBeCloseTo(1 / 3, 10);
    // Shifted by 5 both ways: intersection 25, union 175.
    expect(iou(box(0, 0, 10, 10), box(5, 5, 15, 15))).toBeCloseTo(1 / 7, 10);
    // One inside the other: 16 / 100.
    expect(iou(box(0, 0, 10, 10), box(2, 2, 6, 6))).toBeCloseTo(0.16, 10);
    expect(iou(box(0, 0, 10, 10), box(10, 0, 20, 10))).toBe(0);
    expect(iou(box(0, 0, 10, 10), box(0, 0, 10, 10))).toBe(1);
  });
});

describe('box consensus (IoU ≥ 0.5, strict majority)', () => {
  it('agrees on boxes two annotators drew alike and disputes the rest', () => {
    const a = [box(10, 10, 50, 50, 0), box(100, 100, 140, 160, 1), box(200, 0, 220, 20, 0)];
    // b: the first box 2 px off (IoU 36·38 / (1600 + 1520 − 1368) = 1368 / 1752 = 0.781),
    // the second one with the other class, and no third; plus one of its own.
    const b = [box(12, 12, 50, 50, 0), box(100, 100, 140, 160, 0), box(300, 300, 330, 330, 1)];
    const result = boxConsensus([a, b]);
    expect(result.agreed).toEqual([box(11, 11, 50, 50, 0)]);
    expect(result.disputed.map((d) => [d.cls, d.boxes.map((x) => x.annotator)])).toEqual([
      [1, [0]],
      [0, [0]],
      [0, [1]],
      [1, [1]],
    ]);
  });

  it('does not match boxes below the threshold (IoU 1/3)', () => {
    const result = boxConsensus([[box(0, 0, 10, 10)], [box(5, 0, 15, 10)]]);
    expect(result.agreed).toEqual([]);
    expect(result.disputed).toHaveLength(2);
  });

  it('takes the best match first: each annotator box joins at most one object', () => {
    // Two close objects; annotator 1's first box overlaps both, but the second object better.
    const a = [box(0, 0, 10, 10), box(4, 0, 14, 10)];
    const b = [box(4, 0, 14, 10), box(0, 0, 10, 10)];
    expect(boxConsensus([a, b]).agreed).toEqual([box(0, 0, 10, 10), box(4, 0, 14, 10)]);
  });

  it('needs two of three annotators', () => {
    const result = boxConsensus([[box(0, 0, 20, 20)], [box(1, 1, 21, 21)], []]);
    expect(result.agreed).toEqual([box(0.5, 0.5, 20.5, 20.5)]);
    expect(boxConsensus([[box(0, 0, 20, 20)], [], []]).agreed).toEqual([]);
  });

  it('classifies by strict majority or sends to review', () => {
    expect(classVote([2, 2, 1])).toBe(2);
    expect(classVote([2, 1])).toBeNull();
    expect(classVote([0, 0])).toBe(0);
  });
});

describe('tiling', () => {
  it('covers a large image with overlapping tiles, the last ones on the edges', () => {
    // 2000 × 1100 with 1024 tiles and 128 overlap: x at 0, 896, 976 (= 2000 − 1024); y at 0, 76.
    expect(tileGrid(2000, 1100)).toEqual([
      { x: 0, y: 0, w: 1024, h: 1024 },
      { x: 896, y: 0, w: 1024, h: 1024 },
      { x: 976, y: 0, w: 1024, h: 1024 },
      { x: 0, y: 76, w: 1024, h: 1024 },
      { x: 896, y: 76, w: 1024, h: 1024 },
      { x: 976, y: 76, w: 1024, h: 1024 },
    ]);
    expect(tileGrid(800, 600)).toEqual([{ x: 0, y: 0, w: 800, h: 600 }]);
  });

  it('maps tile boxes back and merges an object cut by a tile edge with its whole view next door', () => {
    const tiles = tileGrid(1800, 1000); // x at 0 and 776, one row (1000 ≤ 1024)
    expect(tiles.map((t) => t.x)).toEqual([0, 776]);
    // A car at x 950–1100, y 400–480 in the image. Tile 0 (0–1024) sees it cut at its edge:
    // 950–1024. Tile 1 (776–1800) sees it whole: 174–324 in tile coordinates.
    // A tree at 100–150 only in tile 0; a house at 1500–1700 only in tile 1 (724–924 there).
    const seen = [
      { box: toImage(box(950, 400, 1024, 480, 0), tiles[0]!), tile: 0 },
      { box: toImage(box(100, 100, 150, 200, 1), tiles[0]!), tile: 0 },
      { box: toImage(box(174, 400, 324, 480, 0), tiles[1]!), tile: 1 },
      { box: toImage(box(724, 10, 924, 300, 2), tiles[1]!), tile: 1 },
    ];
    expect(mergeTiles(seen)).toEqual([box(950, 400, 1100, 480, 0), box(100, 100, 150, 200, 1), box(1500, 10, 1700, 300, 2)]);
  });

  it('merges an object over four tiles into one box, and never two objects of one tile or of other classes', () => {
    // Tiles of a 1500 × 1500 image: x, y at 0 and 476. An object at 900–1100 × 900–1100 is cut
    // by tile 0 (to 1024 × 1024) and seen whole by tile 3; tiles 1 and 2 cut it on one axis.
    const t = tileGrid(1500, 1500);
    expect(t.map((x) => [x.x, x.y])).toEqual([[0, 0], [476, 0], [0, 476], [476, 476]]);
    const seen = [
      { box: box(900, 900, 1024, 1024), tile: 0 },
      { box: box(900, 900, 1100, 1024), tile: 1 },
      { box: box(900, 900, 1024, 1100), tile: 2 },
      { box: box(900, 900, 1100, 1100), tile: 3 },
      // Two touching objects in tile 3 stay two; an overlapping box of another class stays apart.
      { box: box(1200, 1200, 1300, 1300), tile: 3 },
      { box: box(1250, 1200, 1350, 1300), tile: 3 },
      { box: box(900, 900, 1024, 1024, 1), tile: 0 },
    ];
    expect(mergeTiles(seen)).toEqual([box(900, 900, 1100, 1100), box(1200, 1200, 1300, 1300), box(1250, 1200, 1350, 1300), box(900, 900, 1024, 1024, 1)]);
  });
});

describe('exports', () => {
  const images: ExportImage[] = [
    { id: 1, fileName: 'street.jpg', width: 200, height: 100, boxes: [box(10, 20, 60, 70, 0), box(100, 0, 200, 100, 1)] },
    { id: 2, fileName: 'field, "north".png', width: 400, height: 400, boxes: [] },
  ];
  const classes = ['car', 'tree'];

  it('COCO: [x, y, w, h] from the top-left, categories from 1', () => {
    const coco = JSON.parse(toCoco(images, classes).content);
    expect(coco.categories).toEqual([{ id: 1, name: 'car', supercategory: 'object' }, { id: 2, name: 'tree', supercategory: 'object' }]);
    expect(coco.images[1]).toEqual({ id: 2, file_name: 'field, "north".png', width: 400, height: 400 });
    expect(coco.annotations).toEqual([
      { id: 1, image_id: 1, category_id: 1, bbox: [10, 20, 50, 50], area: 2500, iscrowd: 0 },
      { id: 2, image_id: 1, category_id: 2, bbox: [100, 0, 100, 100], area: 10000, iscrowd: 0 },
    ]);
  });

  it('YOLO: centre and size relative to the image', () => {
    const files = toYolo(images, classes);
    expect(files.map((f) => f.name)).toEqual(['classes.txt', 'labels/street.txt', 'labels/field, "north".txt']);
    expect(files[0]!.content).toBe('car\ntree\n');
    // car: centre (35, 45) of 200 × 100 → 0.175, 0.45; size 50 × 50 → 0.25, 0.5.
    expect(files[1]!.content).toBe('0 0.175000 0.450000 0.250000 0.500000\n1 0.750000 0.500000 0.500000 1.000000\n');
    expect(files[2]!.content).toBe('');
  });

  it('Pascal VOC: 1-based corners, names escaped', () => {
    const [street] = toVoc(images, classes);
    expect(street!.name).toBe('Annotations/street.xml');
    expect(street!.content).toContain('<size><width>200</width><height>100</height><depth>3</depth></size>');
    expect(street!.content).toContain('<name>car</name>');
    expect(street!.content).toContain('<bndbox><xmin>11</xmin><ymin>21</ymin><xmax>60</xmax><ymax>70</ymax></bndbox>');
    expect(toVoc(images, ['a<b', 'c'])[0]!.content).toContain('<name>a&lt;b</name>');
  });

  it('CSV: one row per box, quoted where needed', () => {
    expect(toCsv(images, classes).content).toBe('image,width,height,class,x_min,y_min,x_max,y_max\nstreet.jpg,200,100,car,10,20,60,70\nstreet.jpg,200,100,tree,100,0,200,100\n');
    const quoted = toCsv([{ ...images[1]!, boxes: [box(1, 2, 3, 4)] }], ['car']).content;
    expect(quoted.split('\n')[1]).toBe('"field, ""north"".png",400,400,car,1,2,3,4');
  });
});
