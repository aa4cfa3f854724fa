#!/bin/sh
# Check the prerequisites of building and testing vchess (Debian packages)
# and install the missing ones when run as root; otherwise say what to
# install and fail. Quiet when everything is there.
#
# usage: tests/deps.sh [EXTRA-PACKAGE...]
#   (tests/bench.sh passes its own extra packages: stockfish, pgn-extract...)
set -u

packages="zlib1g-dev libarchive-dev libacl1-dev libzstd-dev liblz4-dev libcriterion-dev pkg-config gcc g++ make python3-cffi python3-pytest python3-junitparser python3-jsonschema zstd libxxhash-dev $*"
missing=""

if command -v dpkg-query >/dev/null 2>&1; then
	for p in $packages; do
		case $(dpkg-query -W -f='${Status}' "$p" 2>/dev/null) in
		*" installed") ;;
		*) missing="$missing $p" ;;
		esac
	done
else
	# Not Debian: check what the build itself uses, and install nothing.
	for tool in cc make pkg-config; do
		command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
	done
	for lib in zlib libarchive criterion libxxhash; do
		pkg-config --exists "$lib" 2>/dev/null || missing="$missing $lib"
	done
	if [ -n "$missing" ]; then
		echo "deps.sh: missing:$missing (install them with your package manager)" >&2
		exit 1
	fi
	exit 0
fi

[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	echo "deps.sh: installing$missing" >&2
	export DEBIAN_FRONTEND=noninteractive
	# shellcheck disable=SC2086 # word splitting of the package list is meant
	if ! apt-get update -q >/dev/null ||
	   ! apt-get install -y -q --no-install-recommends $missing >/dev/null; then
		echo "deps.sh: apt-get could not install$missing" >&2
		exit 1
	fi
	exit 0
fi

echo "deps.sh: missing Debian packages:$missing" >&2
echo "deps.sh: install them with: sudo apt-get install$missing" >&2
exit 1
