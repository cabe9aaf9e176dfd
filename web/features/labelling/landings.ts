/** The data-labelling pages (spec §2 "Data labelling") and the registry types each one sells. */
export const DATA_PAGES = [
  { slug: 'data', path: '/data', types: ['bounding_box', 'grid', 'coordinates', 'canvas'] },
  { slug: 'bounding-box', path: '/data/bounding-box', types: ['bounding_box'] },
  { slug: 'dataset-annotation', path: '/data/dataset-annotation', types: ['bounding_box', 'grid', 'coordinates'] },
  { slug: 'image-annotation', path: '/data/image-annotation', types: ['grid', 'coordinates', 'canvas'] },
  { slug: 'satellite-imagery-data-annotator', path: '/data/satellite-imagery-data-annotator', types: ['bounding_box', 'coordinates'] },
] as const;
export type DataPage = (typeof DATA_PAGES)[number];

export const dataPageOf = (path: string): DataPage => DATA_PAGES.find((p) => p.path === path) ?? DATA_PAGES[0];
