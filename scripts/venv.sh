# Sourced by scripts/play, scripts/test, scripts/bench and scripts/fuzz: make the virtual
# environment and install into it exactly what requirements.lock pins (hashes checked), again
# whenever the lock file changes. With PBEM_NEWEST=1 the environment is .venv-newest instead,
# and it gets the newest releases that pyproject.toml allows, looked up on every run.
#
# After it, $VENV is the environment's folder and $PY its python.

pbem_venv() {
    local root lock stamp wanted
    root="$(pwd)"
    if [ "${PBEM_NEWEST:-}" = "1" ]; then
        VENV="$root/.venv-newest"
    else
        VENV="$root/.venv"
    fi
    PY="$VENV/bin/python"
    if [ ! -x "$PY" ]; then
        if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
            rm -rf "$VENV"
            echo "cannot make a virtual environment: Python's venv module is missing" \
                 "(Debian: sudo apt-get install python3-venv)" >&2
            exit 1
        fi
    fi
    if [ "${PBEM_NEWEST:-}" = "1" ]; then
        echo "installing the newest releases pyproject.toml allows into $VENV ..." >&2
        "$PY" -m pip install --quiet --upgrade pip setuptools
        "$PY" -m pip install --quiet --upgrade --upgrade-strategy eager -e '.[test]'
        return
    fi
    lock="$root/requirements.lock"
    stamp="$VENV/.installed-lock"
    wanted="$(cat "$lock" pyproject.toml | sha256sum | cut -d' ' -f1)"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ] \
       || ! "$PY" -c "import pbem" >/dev/null 2>&1; then
        echo "installing the packages requirements.lock pins into $VENV ..." >&2
        "$PY" -m pip install --quiet --require-hashes --only-binary :all: -r "$lock"
        "$PY" -m pip install --quiet --no-deps --no-build-isolation -e .
        if ! "$PY" -m pip check >/dev/null; then
            "$PY" -m pip check >&2 || true
            echo "requirements.lock does not answer pyproject.toml: run scripts/lock" >&2
            exit 1
        fi
        echo "$wanted" > "$stamp"
    fi
}
