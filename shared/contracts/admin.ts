import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { PERMISSIONS, USER_TYPES, type UserType } from './user.ts';

export const AdminUserQuerySchema = z.object({ q: z.string().trim().max(100).default(''), page: z.coerce.number().int().min(0).default(0) });

export interface AdminUserRow {
  id: number;
  email: string;
  userType: UserType | null;
  admin: boolean;
  moderator: boolean;
  blocked: boolean;
  emailConfirmed: boolean;
  balance: string;
  createdAt: string;
}
export interface AdminUserList {
  records: AdminUserRow[];
  totalCount: number;
}

export const SetPermissionSchema = z.object({ permission: z.enum(PERMISSIONS), granted: z.boolean() });
export const SetBlockedSchema = z.object({ blocked: z.boolean() });
/** A decimal amount in USD with up to 6 decimals; negative to debit. */
export const MoneySchema = z.string().trim().regex(/^-?\d{1,9}(\.\d{1,6})?$/, 'A decimal amount, e.g. 12.50');
export const AdjustBalanceSchema = z.object({ amount: MoneySchema, reason: z.string().trim().min(3).max(500) });
export const PostSystemMessageSchema = z.object({
  message: z.partialRecord(z.enum(LANGUAGES), z.string().trim().min(1).max(5000)).refine((m) => Boolean(m.en), { message: 'English text is required' }),
});
export const AdminUserTypeSchema = z.enum(USER_TYPES);

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}
