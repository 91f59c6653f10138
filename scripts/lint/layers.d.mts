export declare const LAYER_FOLDERS: Record<string, string>;
export declare const LAYERS: Record<string, readonly string[]>;
export declare const LAYER_PACKAGES: Record<string, readonly string[]>;
