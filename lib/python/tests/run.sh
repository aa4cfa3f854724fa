#!/bin/sh
# make check-python: install vchess (library and Python module) into a
# temporary prefix and run the module's pytest tests under Debian's own
# interpreter, /usr/bin/python3, against the CLI.
#
# usage: lib/python/tests/run.sh [VCHESS]   (from the top of the checkout)
set -u

case ${1:-./vchess} in /*) vchess=${1:-./vchess} ;; *) vchess=$(pwd)/${1:-./vchess} ;; esac
python=/usr/bin/python3
make=${MAKE:-make}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-python.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

prefix=$tmp/prefix
$make -s install PREFIX="$prefix" PYTHON="$python" LDCONFIG=true >/dev/null ||
	{ echo "check-python: make install PREFIX=$prefix failed" >&2; exit 1; }
# where make install put the module for this interpreter and prefix
pydir=$prefix/lib/python$($python -c 'import sys; print("%d.%d" % sys.version_info[:2])')/dist-packages
[ -f "$pydir/vchess/__init__.py" ] && [ -f "$pydir/vchess/_libpath.py" ] ||
	{ echo "check-python: the module is not in $pydir" >&2; exit 1; }

VCHESS=$vchess VCHESS_PREFIX=$prefix PYTHONPATH=$pydir PYTHONDONTWRITEBYTECODE=1 \
	$python -m pytest -q -p no:cacheprovider lib/python/tests
