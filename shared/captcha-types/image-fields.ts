/** Options shared by the click-style image types (§1.3, §2.5 mapping). */
import type { FieldSpec } from './fields.ts';

export const CAN_NO_ANSWER_FIELD: FieldSpec = { key: 'canNoAnswer', type: 'bool', v1: ['can_no_answer'], v2: ['canNoAnswer'], default: false };
export const PREVIOUS_ID_FIELD: FieldSpec = { key: 'previousId', type: 'string', v1: ['previousID'], v2: ['previousId'], max: 32, pattern: /^\d+$/ };

export const CLICK_FIELDS: FieldSpec[] = [
  { key: 'minClicks', type: 'int', v1: ['min_clicks'], v2: ['minClicks'], min: 0, max: 100 },
  { key: 'maxClicks', type: 'int', v1: ['max_clicks'], v2: ['maxClicks'], min: 0, max: 100 },
];

/** Clients send previousID=0 for "none" (2captcha-java's example); treat it as absent. */
export function dropPreviousIdZero(params: Record<string, unknown>): void {
  if (params.previousId === '0') delete params.previousId;
}
