# Source this file: it puts a Node.js >= 22.18 first on PATH.
# The machines here ship Node 20; the npm registry serves Node 24 as the
# package `node`, which is installed once into .tools/node under the checkout.
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=18)?0:1)'
}
if [ -x "$_root/.tools/node/node_modules/.bin/node" ]; then
  export PATH="$_root/.tools/node/node_modules/.bin:$PATH"
fi
if ! _node_ok; then
  echo "node.sh: installing Node.js 24 into .tools/node" >&2
  mkdir -p "$_root/.tools/node"
  npm install --silent --no-save --no-audit --no-fund --prefix "$_root/.tools/node" node@24 >&2
  export PATH="$_root/.tools/node/node_modules/.bin:$PATH"
  _node_ok || { echo "node.sh: could not provide Node.js >= 22.18" >&2; return 1 2>/dev/null || exit 1; }
fi
unset -f _node_ok
unset _root
