/** Business constants of SPEC section 9. */
export const FLASH_DURATION_MS = 5000;
export const SAVING_SUCCESS_DELAY_MS = 600;
export const SAVING_CLEAR_DELAY_MS = 500;
export const TOKEN_REFRESH_FRACTION = 0.9;
export const ONLINE_CHECK_INTERVAL_MS = 2000;

export const WEBSOCKET_BACKOFF = { baseMs: 500, maxMs: 10_000, restartCloseCode: 4205 } as const;

export const QUICK_FILTERS = { max: 8, labelMin: 3, labelMax: 20 } as const;
export const MAP_LAYER_PROFILES = { max: 5, defaultActive: 0 } as const;
export const NATIONAL_PLATFORM_MAX_DATA_COLUMNS = 25;
export const FEEDBACK_MIN_EXCLUSIVE_LENGTH = 5;
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

export const LENGTH_OUTLIER = { default: 15, min: 0, max: 100 } as const;
export const SITE_MATCH_RADIUS_M = { any: 5, sameName: 50 } as const;

export const PERCENTILES = [15, 25, 50, 75, 85, 99] as const;
export const AGGREGATIONS_MINUTES = [5, 10, 15, 20, 30, 60, 1440, 10080] as const;

export const BREAKPOINTS = { xs: 0, sm: 600, mid: 780, md: 960, lg: 1280, xl: 1920 } as const;
export const PRIMARY_COLOUR = '#005bbd';

export const MAP_DEFAULTS = {
  zoom: 12,
  layer: 'speed',
  dotDayRange: 'wholeWeek',
  yearFilter: 'allAvailable',
} as const;

export const SUBSCRIPTION_TERMS = {
  dataRetentionMonths: 12,
  renewalNoticeDays: 30,
  disputeDays: 15,
  termsChangeNoticeDays: 30,
} as const;
