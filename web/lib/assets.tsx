import { createContext, useContext } from 'react';

/** Stylesheets and preloaded fonts of the build, the same on the server and in the browser (for hydration). */
export interface Assets {
  css: string[];
  /**
   * The body font's files to preload (Inter, woff2), by script: `latin` on every page, `cyrillic`
   * too on ru and uk pages. The other subsets and JetBrains Mono load on use (unicode-range).
   */
  fonts?: { latin?: string; cyrillic?: string };
}

export const AssetsContext = createContext<Assets>({ css: [] });
export const useAssets = () => useContext(AssetsContext);
