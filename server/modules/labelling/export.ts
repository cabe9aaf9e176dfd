import type { Box } from './geometry.ts';

/**
 * Exports of a labelling project's accepted boxes in image pixel coordinates (tiles already mapped
 * back and merged): COCO JSON, YOLO (one text file per image plus classes.txt), Pascal VOC (one
 * XML file per image) and CSV. Each returns the files to hand over.
 */

export interface ExportImage {
  id: number;
  fileName: string;
  width: number;
  height: number;
  boxes: Box[];
}

export interface ExportFile {
  name: string;
  content: string;
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const stem = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

/** COCO object detection: bbox is [x, y, width, height] from the top-left corner; category ids from 1. */
export function toCoco(images: ExportImage[], classes: string[]): ExportFile {
  let annotationId = 0;
  const coco = {
    images: images.map((i) => ({ id: i.id, file_name: i.fileName, width: i.width, height: i.height })),
    categories: classes.map((name, k) => ({ id: k + 1, name, supercategory: 'object' })),
    annotations: images.flatMap((i) =>
      i.boxes.map((b) => ({
        id: ++annotationId,
        image_id: i.id,
        category_id: b.cls + 1,
        bbox: [r2(b.x1), r2(b.y1), r2(b.x2 - b.x1), r2(b.y2 - b.y1)],
        area: r2((b.x2 - b.x1) * (b.y2 - b.y1)),
        iscrowd: 0,
      })),
    ),
  };
  return { name: 'annotations.coco.json', content: JSON.stringify(coco, null, 2) };
}

/** YOLO: `class cx cy w h`, all relative to the image size (6 decimals); classes.txt in class order. */
export function toYolo(images: ExportImage[], classes: string[]): ExportFile[] {
  const f = (n: number) => n.toFixed(6);
  return [
    { name: 'classes.txt', content: classes.join('\n') + '\n' },
    ...images.map((i) => ({
      name: `labels/${stem(i.fileName)}.txt`,
      content: i.boxes
        .map((b) => `${b.cls} ${f((b.x1 + b.x2) / 2 / i.width)} ${f((b.y1 + b.y2) / 2 / i.height)} ${f((b.x2 - b.x1) / i.width)} ${f((b.y2 - b.y1) / i.height)}`)
        .map((line) => line + '\n')
        .join(''),
    })),
  ];
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Pascal VOC: one XML per image; xmin/ymin/xmax/ymax are 1-based pixel indices, rounded. */
export function toVoc(images: ExportImage[], classes: string[]): ExportFile[] {
  return images.map((i) => ({
    name: `Annotations/${stem(i.fileName)}.xml`,
    content: [
      '<annotation>',
      `  <filename>${xml(i.fileName)}</filename>`,
      `  <size><width>${i.width}</width><height>${i.height}</height><depth>3</depth></size>`,
      ...i.boxes.map((b) =>
        [
          '  <object>',
          `    <name>${xml(classes[b.cls] ?? String(b.cls))}</name>`,
          '    <pose>Unspecified</pose><truncated>0</truncated><difficult>0</difficult>',
          `    <bndbox><xmin>${Math.round(b.x1) + 1}</xmin><ymin>${Math.round(b.y1) + 1}</ymin><xmax>${Math.round(b.x2)}</xmax><ymax>${Math.round(b.y2)}</ymax></bndbox>`,
          '  </object>',
        ].join('\n'),
      ),
      '</annotation>',
      '',
    ].join('\n'),
  }));
}

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** CSV: one row per box, pixel coordinates of the corners (2 decimals). */
export function toCsv(images: ExportImage[], classes: string[]): ExportFile {
  const rows = ['image,width,height,class,x_min,y_min,x_max,y_max'];
  for (const i of images) for (const b of i.boxes) rows.push([csvCell(i.fileName), i.width, i.height, csvCell(classes[b.cls] ?? String(b.cls)), r2(b.x1), r2(b.y1), r2(b.x2), r2(b.y2)].join(','));
  return { name: 'annotations.csv', content: rows.join('\n') + '\n' };
}
