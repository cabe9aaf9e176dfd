import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './auth.ts';

export const NOTIFICATION_KINDS = ['news', 'payments', 'security', 'lowBalance', 'tickets'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationPrefs = Record<NotificationKind, boolean>;

/** GET /api/v2/profile: what the profile screens show besides the current user. */
export interface Profile {
  id: number;
  email: string;
  name: string;
  timezone: string;
  emailConfirmed: boolean;
  pendingEmail: string | null;
  twoFactorEnabled: boolean;
  apiKey: string;
  notifications: NotificationPrefs;
  wallet: { method: string; address: string } | null;
  createdAt: string;
}

export const UpdateProfileSchema = z.object({
  name: z.string().trim().max(100),
  timezone: z.string().trim().min(1).max(64),
});
export const ChangeEmailSchema = z.object({ email: EmailSchema, password: z.string().min(1).max(128) });
export const ChangePasswordSchema = z.object({ currentPassword: z.string().min(1).max(128), newPassword: PasswordSchema });
export const NotificationsSchema = z.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>);
export const EnableTwoFactorSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/) });
export const DisableTwoFactorSchema = z.object({ code: z.string().trim().min(6).max(32) });
export const DeleteAccountSchema = z.object({ password: z.string().min(1).max(128), confirm: z.literal('DELETE') });
export const WALLET_METHODS = ['usdt-trc20', 'btc', 'paypal', 'card'] as const;
export const WalletChangeSchema = z.object({ method: z.enum(WALLET_METHODS), address: z.string().trim().min(4).max(128) });

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

export interface UserDocument {
  id: number;
  filename: string;
  contentType: string;
  size: number;
  createdAt: string;
}
/** Uploads: PDF, PNG, JPEG or WebP up to 5 MB. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
