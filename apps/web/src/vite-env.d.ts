/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base used when the server injects no runtime configuration. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Runtime configuration the server injects through `/config.js`. */
interface ProcuraRuntimeConfig {
  apiBase?: string;
  /** Where stored files are served (JeecgBoot's staticDomainURL); default `<apiBase>/sys/common/static`. */
  staticBase?: string;
}

interface Window {
  __PROCURA_CONFIG__?: ProcuraRuntimeConfig;
}
