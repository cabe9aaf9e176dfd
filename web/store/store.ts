import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api, type Transport } from './api.ts';
import { appSlice } from './app-slice.ts';

const rootReducer = combineReducers({ app: appSlice.reducer, [api.reducerPath]: api.reducer });
export type RootState = ReturnType<typeof rootReducer>;

/** One store per request on the server, one per page load in the browser. */
export function createAppStore(transport: Transport, preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { transport } } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
