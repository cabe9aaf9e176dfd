/**
 * The compat specs' `expect`: a longer timeout than the suite's 7 s, because every step waits on
 * a whole round trip (library → server → worker's page → server → library) and the server shares
 * the machine with the browser and the other suites.
 */
import { expect as baseExpect } from '@playwright/test';

export const expect = baseExpect.configure({ timeout: 20_000 });
