import { z } from 'zod';

/** Labelling projects (issue 19): the site API's inputs. */
export const LABELLING_KINDS = ['bbox', 'classification', 'points'] as const;
export const LABELLING_EXPORTS = ['coco', 'yolo', 'voc', 'csv'] as const;

export const ProjectBodySchema = z.object({
  name: z.string().trim().min(1).max(120),
  instructions: z.string().trim().min(1).max(800),
  classes: z.array(z.string().trim().min(1).max(40)).min(1).max(20),
  kind: z.enum(LABELLING_KINDS),
  annotators: z.number().int().min(1).max(5),
  tiling: z.boolean().default(false),
});

export const StartBodySchema = z.object({ expectedTotal: z.number().int().min(0) });

export const ReviewBodySchema = z.object({
  boxes: z.array(z.object({ x1: z.number().min(0), y1: z.number().min(0), x2: z.number().min(0), y2: z.number().min(0), cls: z.number().int().min(0).max(19) }).refine((b) => b.x1 <= b.x2 && b.y1 <= b.y2)).max(200),
});
