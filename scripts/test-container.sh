#!/usr/bin/env bash
# npm run test:container — builds the real Dockerfile and runs the image against the system
# PostgreSQL, as an operator would: the container must become healthy, answer readiness,
# run as a non-root user and serve a signed-in request.
#
# Image registries are out of reach here, so the base image named in the Dockerfile is stood in
# for by a Debian root filesystem (debootstrap, from the mirror apt uses) plus this machine's own
# Node binary and npm, imported under the base image's name. The Dockerfile itself is unchanged.
# This machine allows traffic to loopback only: the daemon runs with --bridge=none and the build
# and every container use the host's network (npm ci in the build reaches the npm registry so).
#
# Environment: CONTAINER_TEST_STATE (default /var/lib/crow-container-test) keeps the daemon's
# data between runs, so the stand-in base image and the build cache are made once;
# PGHOST/PGPORT/PGUSER name the system PostgreSQL (default 127.0.0.1, 5432, postgres).
set -uo pipefail
cd "$(dirname "$0")/.."

STATE=${CONTAINER_TEST_STATE:-/var/lib/crow-container-test}
PGHOST=${PGHOST:-127.0.0.1}
PGPORT=${PGPORT:-5432}
PGUSER=${PGUSER:-postgres}
IMAGE=crow-research:container-test
PORT=${CONTAINER_TEST_PORT:-5199}
SOCKET="$STATE/docker.sock"
started_at=$(date +%s)
passed=0
failed=0

cannot_run() {
  echo "test:container cannot run: $*" >&2
  echo "container: 0 passed, 1 failed"
  exit 1
}
step() { echo "--- $* ($(($(date +%s) - started_at)) s)"; }
check() {
  local name=$1
  shift
  if "$@"; then
    echo "ok   $name"
    passed=$((passed + 1))
  else
    echo "FAIL $name" >&2
    failed=$((failed + 1))
  fi
}

BASE_IMAGE=$(sed -n 's/^FROM \([^ ]*\).*/\1/p' Dockerfile | sort -u)
[ "$(echo "$BASE_IMAGE" | wc -l)" = 1 ] || cannot_run "the Dockerfile should name one base image, it names: $BASE_IMAGE"

# --- tools: Docker Engine and debootstrap from Debian's packages ---
[ "$(id -u)" = 0 ] || cannot_run "it needs root (to install docker.io, run dockerd and debootstrap); this is uid $(id -u)"
command -v apt-get >/dev/null || cannot_run "no apt-get: Docker Engine is installed from Debian's docker.io package"
need=()
command -v dockerd >/dev/null || need+=(docker.io)
command -v debootstrap >/dev/null || need+=(debootstrap)
if [ ${#need[@]} -gt 0 ]; then
  step "installing ${need[*]}"
  apt-get update -qq || cannot_run "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null ||
    cannot_run "apt-get install ${need[*]} failed"
fi
# The Debian package's client, which matches its daemon (another docker client may be first on PATH).
DOCKER_BIN=/usr/bin/docker
[ -x "$DOCKER_BIN" ] || DOCKER_BIN=$(command -v docker) || cannot_run "docker.io installed no docker client"
docker() { "$DOCKER_BIN" -H "unix://$SOCKET" "$@"; }
command -v psql >/dev/null || cannot_run "no psql client to create the test database"
pg_isready -h "$PGHOST" -p "$PGPORT" >/dev/null 2>&1 ||
  cannot_run "the system PostgreSQL at $PGHOST:$PGPORT does not answer (start it first)"

# --- a daemon of our own, on its own socket, without a bridge network ---
mkdir -p "$STATE"
DOCKERD_PID=""
DATABASE=""
CONTAINER=crow-container-test-$$
cleanup() {
  docker rm -f "$CONTAINER" "$CONTAINER-worker" >/dev/null 2>&1
  [ -n "$DATABASE" ] && psql -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" -qAt -c "drop database if exists $DATABASE" >/dev/null 2>&1
  if [ -n "$DOCKERD_PID" ]; then
    kill "$DOCKERD_PID" 2>/dev/null
    wait "$DOCKERD_PID" 2>/dev/null
  fi
}
trap cleanup EXIT
step "starting dockerd (--bridge=none)"
dockerd --bridge=none --iptables=false --ip6tables=false \
  --data-root "$STATE/data" --exec-root "$STATE/exec" --pidfile "$STATE/dockerd.pid" \
  -H "unix://$SOCKET" >"$STATE/dockerd.log" 2>&1 &
DOCKERD_PID=$!
for _ in $(seq 1 60); do
  docker version >/dev/null 2>&1 && break
  kill -0 "$DOCKERD_PID" 2>/dev/null || cannot_run "dockerd exited: $(tail -n 5 "$STATE/dockerd.log")"
  sleep 0.5
done
docker version >/dev/null 2>&1 || cannot_run "dockerd did not answer within 30 s: $(tail -n 5 "$STATE/dockerd.log")"

# --- the stand-in for the base image ---
# Bump STAND_IN when what goes into it changes: an older stand-in is then replaced.
STAND_IN=3
if [ "$(docker image inspect -f '{{index .Config.Labels "crow.stand-in"}}' "$BASE_IMAGE" 2>/dev/null)" != "$STAND_IN" ]; then
  docker rmi -f "$BASE_IMAGE" >/dev/null 2>&1
  step "building a stand-in for $BASE_IMAGE (debootstrap + this machine's node $(node --version))"
  suite=$(sed -n 's/^FROM [^:]*:.*-\([a-z]*\)-slim.*/\1/p' Dockerfile | head -n 1)
  rootfs_tar="$STATE/debian-$suite-minbase.tar"
  if [ ! -s "$rootfs_tar" ]; then
    mirror=$(grep -rhoE '^deb(\s+\[[^]]*\])?\s+\S+' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
      awk '{print $NF}' | grep -v security | head -n 1)
    if [ -z "$mirror" ]; then
      mirror=$(grep -rhE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v security | head -n 1)
    fi
    [ -n "$suite" ] && [ -n "$mirror" ] || cannot_run "could not tell the Debian suite ($suite) or apt's mirror ($mirror)"
    debian=$(mktemp -d "$STATE/debootstrap.XXXXXX")
    debootstrap --variant=minbase "$suite" "$debian" "$mirror" >"$STATE/debootstrap.log" 2>&1 ||
      cannot_run "debootstrap $suite failed: $(tail -n 3 "$STATE/debootstrap.log")"
    rm -rf "$debian"/var/cache/apt/archives/*.deb "$debian"/var/lib/apt/lists/*
    tar -C "$debian" -cf "$rootfs_tar.part" . && mv "$rootfs_tar.part" "$rootfs_tar"
    rm -rf "$debian"
  fi
  rootfs=$(mktemp -d "$STATE/rootfs.XXXXXX")
  tar -C "$rootfs" -xf "$rootfs_tar"
  node_bin=$(readlink -f "$(command -v node)")
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # The official image's user: node, uid and gid 1000, home /home/node.
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  # Where this machine reaches the registry through a TLS-inspecting gateway, its Node trusts
  # that gateway's certificate authority (NODE_EXTRA_CA_CERTS): the stand-in trusts the same.
  extra_ca=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r "$NODE_EXTRA_CA_CERTS" ]; then
    install -D -m 0644 "$NODE_EXTRA_CA_CERTS" "$rootfs/etc/ssl/certs/machine-extra-ca.pem" ||
      cannot_run "could not copy NODE_EXTRA_CA_CERTS into the stand-in"
    extra_ca=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/machine-extra-ca.pem')
  fi
  tar -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "${extra_ca[@]}" --change "LABEL crow.stand-in=$STAND_IN" \
    --change 'CMD ["node"]' - "$BASE_IMAGE" >/dev/null || cannot_run "docker import of the stand-in failed"
  rm -rf "$rootfs"
fi

# --- the real Dockerfile, unchanged ---
step "docker build (host network: npm ci reaches the registry)"
DOCKER_BUILDKIT=0 docker build --network host -t "$IMAGE" . >"$STATE/build.log" 2>&1 ||
  cannot_run "docker build failed; the end of $STATE/build.log:
$(tail -n 20 "$STATE/build.log")"
echo "image $IMAGE: $(docker image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1 / 1e6}')"

# --- run it against a fresh database on the system PostgreSQL ---
DATABASE=crow_container_test_$$
psql -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" -qAt -c "create database $DATABASE" >/dev/null ||
  cannot_run "could not create database $DATABASE on $PGHOST:$PGPORT as $PGUSER"
DATABASE_URL="postgres://$PGUSER@$PGHOST:$PGPORT/$DATABASE"
step "docker run (ROLE=web, port $PORT)"
docker run -d --name "$CONTAINER" --network host --health-interval 2s --health-start-period 60s \
  -e DATABASE_URL="$DATABASE_URL" -e PORT="$PORT" -e PUBLIC_URL="http://127.0.0.1:$PORT" \
  -e LOG_LEVEL=warn "$IMAGE" >/dev/null || cannot_run "docker run failed"
docker run -d --name "$CONTAINER-worker" --network host --no-healthcheck \
  -e DATABASE_URL="$DATABASE_URL" -e ROLE=worker -e LOG_LEVEL=warn "$IMAGE" >/dev/null ||
  cannot_run "docker run of the worker failed"

health=""
for _ in $(seq 1 90); do
  health=$(docker inspect -f '{{.State.Health.Status}}' "$CONTAINER" 2>/dev/null)
  [ "$health" = healthy ] && break
  [ "$(docker inspect -f '{{.State.Running}}' "$CONTAINER")" = true ] || break
  sleep 1
done
step "container health: $health"
check "the web container becomes healthy (Dockerfile HEALTHCHECK)" test "$health" = healthy
if [ "$health" != healthy ]; then
  docker logs "$CONTAINER" 2>&1 | tail -n 30 >&2
fi

base="http://127.0.0.1:$PORT"
check "readiness answers 200 with the database up" \
  bash -c "curl -fsS '$base/api/health/ready' | grep -q '\"ready\"'"
runs_as_non_root() {
  local uid
  uid=$(docker exec "$CONTAINER" id -u) || return 1
  [[ "$uid" =~ ^[0-9]+$ ]] && [ "$uid" != 0 ]
}
check "the server runs as a non-root user" runs_as_non_root
check "migrations were applied on start" \
  bash -c "[ \"\$(psql -h '$PGHOST' -p '$PGPORT' -U '$PGUSER' -d '$DATABASE' -qAt -c 'select count(*) from drizzle.__drizzle_migrations')\" -gt 0 ]"

signed_in_request() {
  local headers cookie
  headers=$(curl -fsS -D - -o /dev/null -X POST "$base/api/auth/register" \
    -H 'content-type: application/json' \
    -d '{"username":"container_check","email":"container-check@example.com","password":"Sturdy#Pass1","confirmPassword":"Sturdy#Pass1"}') ||
    return 1
  cookie=$(echo "$headers" | sed -n 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/p' | head -n 1)
  [ -n "$cookie" ] || return 1
  curl -fsS "$base/api/auth/me" -H "cookie: $cookie" | grep -q '"container_check"'
}
check "a signed-in request: register, then GET /api/auth/me with the session" signed_in_request
check "the worker container is still running" \
  bash -c "[ \"\$('$DOCKER_BIN' -H 'unix://$SOCKET' inspect -f '{{.State.Running}}' '$CONTAINER-worker')\" = true ]"

if [ "$failed" -gt 0 ]; then
  echo "--- web container log" >&2
  docker logs "$CONTAINER" 2>&1 | tail -n 20 >&2
  echo "--- worker container log" >&2
  docker logs "$CONTAINER-worker" 2>&1 | tail -n 20 >&2
fi
echo "test:container took $(($(date +%s) - started_at)) s"
echo "container: $passed passed, $failed failed"
[ "$failed" = 0 ]
