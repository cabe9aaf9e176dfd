import { createContext, useContext } from 'react';

/** Stylesheets of the build, the same on the server and in the browser (for hydration). */
export interface Assets {
  css: string[];
}

export const AssetsContext = createContext<Assets>({ css: [] });
export const useAssets = () => useContext(AssetsContext);
