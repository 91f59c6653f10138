// electron-builder afterPack hook: flips Electron's fuses in the packaged executable, before signing.
//   RunAsNode off                          the app binary cannot be used as a plain Node (ELECTRON_RUN_AS_NODE)
//   EnableNodeOptionsEnvironmentVariable off, EnableNodeCliInspectArguments off
//                                          no NODE_OPTIONS / --inspect code injection into the main process
//   EnableEmbeddedAsarIntegrityValidation on, OnlyLoadAppFromAsar on
//                                          only the signed, hashed app.asar is ever loaded
//   EnableCookieEncryption on              cookies on disk encrypted with the OS keystore
// PHOTOFINISH_SKIP_FUSES=1 skips it (the packaging test packs against a stand-in Electron that has no fuse wire).
const { FuseV1Options, FuseVersion } = require('@electron/fuses');

exports.PHOTOFINISH_FUSES = Object.freeze({
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.EnableCookieEncryption]: true,
});

/** The bundled ffmpeg/ffprobe must run for every user of an installed app (some packages ship them 0744). */
async function makeToolsExecutable(context) {
  const fs = require('node:fs/promises');
  const path = require('node:path');
  const resources = context.packager.getResourcesDir?.(context.appOutDir) ?? path.join(context.appOutDir, 'resources');
  const dir = path.join(resources, 'ffmpeg');
  for (const name of await fs.readdir(dir).catch(() => [])) await fs.chmod(path.join(dir, name), 0o755);
}

exports.default = async function afterPack(context) {
  await makeToolsExecutable(context);
  if (process.env.PHOTOFINISH_SKIP_FUSES === '1') {
    console.log('  • afterPack: PHOTOFINISH_SKIP_FUSES=1, Electron fuses left unchanged');
    return;
  }
  // electron-builder's own helper finds the executable for every platform and resets the ad-hoc macOS signature.
  await context.packager.addElectronFuses(context, {
    ...exports.PHOTOFINISH_FUSES,
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === 3 /* Arch.arm64 */,
  });
};
