// Runs before `npm start`, `npm test`, `npm run dev` and `npm run bench`. Plain JavaScript on
// purpose: an older Node cannot even load our .ts scripts ("Unknown file extension .ts"), so this
// check runs first and says what to install. Keep MINIMUM in step with package.json "engines"
// and the README (decision 0001).
const MINIMUM = [24, 0, 0];

/** True when version a (major, minor, patch) is older than b. */
function older(a, b) {
  for (let i = 0; i < b.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

if (older(process.versions.node.split(".").map(Number), MINIMUM)) {
  process.stderr.write(
    `recipecart needs Node.js ${MINIMUM.join(".")} or newer; this is Node.js ${process.versions.node}.\n` +
      "Install Node.js 24 LTS from https://nodejs.org/ (or run `nvm install` here, which reads .nvmrc), then run the command again.\n",
  );
  process.exit(1);
}
