/** i18n keys of the file texts (portal namespace; vi holds the spec §8 strings exactly). */
export const FileMessageKeys = {
  downloadSuccess: 'portal.files.downloadSuccess',
  invalidFile: 'portal.files.invalidFile',
  downloadFailed: 'portal.files.downloadFailed',
  sizeUnavailable: 'portal.files.sizeUnavailable',
  requestFailed: 'portal.files.requestFailed',
} as const;

export type FileMessageKey = (typeof FileMessageKeys)[keyof typeof FileMessageKeys];

/** The portal's translate function (i18next's `t`), injected so this code stays testable. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The portal's notifier (`notify` of components/notifications), injected for the same reason. */
export type Notify = (message: string, options: { type: 'success' | 'info' | 'warning' | 'error' }) => void;
