/** Build-time constants (extension/vite.config.ts `define`). */
declare const __APP_ORIGIN__: string;
declare const __TEST_BUILD__: boolean;
