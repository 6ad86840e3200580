#!/usr/bin/env bash
# Writes the Debian copyright file (machine-readable format 1.0) of a
# package whose static Go binary is BINARY: tandem's own licence, then the
# Go toolchain's and every Go module the binary links (from
# `go version -m BINARY`), each with its copyright lines and licence text
# taken from the module's own licence file in the module cache. The MIT
# and BSD licences ask that their notice goes with every binary copy: this
# file is where a .deb carries them. Apache-2.0 and MPL-2.0 texts are
# referred to in /usr/share/common-licenses, as Debian does.
#
#   packaging/copyright.sh BINARY >copyright
#
# Fails, naming the module, when a linked module has no licence file or
# one this script does not recognise: a new dependency is then looked at
# before it ships.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$1"
[ -f "$bin" ] || { echo "copyright.sh: no binary $bin" >&2; exit 1; }
modcache=$(go env GOMODCACHE)
goroot=$(go env GOROOT)

# What the package itself is under (LICENSE at the repository's root).
cat <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: tandem
Upstream-Contact: tandem maintainers <maintainers@users.noreply.a-seed-fe0566bf.example>
Comment: The binary is statically linked Go: it contains the Go runtime and
 standard library and the Go modules listed below, at the versions named.

Files: *
Copyright: 2026 the tandem authors
License: Apache-2.0
EOF

# classify FILE: prints the licence's short name, or nothing.
classify() {
    local t
    t=$(tr -s '[:space:]' ' ' <"$1")
    case $t in
        *"Apache License"*"Version 2.0"*) echo Apache-2.0 ;;
        *"Mozilla Public License Version 2.0"*|*"Mozilla Public License, version 2.0"*) echo MPL-2.0 ;;
        *"Permission is hereby granted, free of charge"*) echo Expat ;;
        *"Permission to use, copy, modify, and"*"distribute this software for any"*) echo ISC ;;
        *"Redistribution and use in source and binary forms"*"Neither the name"*) echo BSD-3-clause ;;
        *"Redistribution and use in source and binary forms"*) echo BSD-2-clause ;;
    esac
}

declare -A used # licences referred to in /usr/share/common-licenses

# paragraph FILES COMMENT LICENCEFILE: one Files paragraph with the
# module's copyright lines and, unless Debian ships it, its licence's
# whole text (each module's own: the notices differ).
paragraph() {
    local files=$1 comment=$2 file=$3 lic copy
    lic=$(classify "$file")
    [ -n "$lic" ] || { echo "copyright.sh: $comment: licence not recognised in $file" >&2; exit 1; }
    copy=$(grep -iE '^[[:space:]]*(copyright|©)' "$file" | sed 's/^[[:space:]]*//' |
        grep -viE 'copyright (notice|holders?|owner)|copyright license|copyright and license|^copyright$|\\[yyyy\\]|copyright statement' | head -5 || true)
    [ -n "$copy" ] || copy="the authors of ${files%/\*} (its licence file names none)"
    printf '\nFiles: %s\n' "$files"
    printf 'Copyright: %s\n' "$(sed '2,$s/^/ /' <<<"$copy")"
    printf 'Comment: %s\n' "$(sed '2,$s/^/ /' <<<"$comment")"
    printf 'License: %s\n' "$lic"
    case $lic in
        Apache-2.0|MPL-2.0) used[$lic]=1 ;;
        *) sed -e 's/[[:space:]]*$//' -e 's/^$/./' -e 's/^/ /' "$file" ;;
    esac
}

paragraph "go/*" "the Go runtime and standard library, $(go version "$bin" | awk '{print $2}'), linked in" "$goroot/LICENSE"

while read -r kind path version _; do
    [ "$kind" = dep ] || [ "$kind" = "=>" ] || continue
    esc=$(sed 's/[A-Z]/!\L&/g' <<<"$path")
    dir="$modcache/$esc@$version"
    f=""
    for c in LICENSE LICENSE.txt LICENSE.md LICENCE COPYING License license; do
        if [ -f "$dir/$c" ]; then f="$dir/$c"; break; fi
    done
    [ -n "$f" ] || { echo "copyright.sh: $path@$version: no licence file in $dir (go mod download?)" >&2; exit 1; }
    comment="Go module $path $version, linked in"
    # Apache-2.0, section 4(d): a NOTICE file goes with every copy.
    if [ -f "$dir/NOTICE" ]; then
        comment="$comment; its NOTICE file:"$'\n'"$(sed -e 's/[[:space:]]*$//' -e 's/^$/./' "$dir/NOTICE")"
    fi
    paragraph "$path/*" "$comment" "$f"
done < <(go version -m "$bin" | sed 1d | sed 's/^[[:space:]]*//')

# The licences referred to, not copied.
# Apache-2.0 always: it is tandem's own.
if true; then
    cat <<'EOF'

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may
 not use this file except in compliance with the License.
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
 WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
 License for the specific language governing permissions and limitations
 under the License.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0
 can be found in "/usr/share/common-licenses/Apache-2.0".
EOF
fi
if [ -n "${used[MPL-2.0]:-}" ]; then
    cat <<'EOF'

License: MPL-2.0
 This Source Code Form is subject to the terms of the Mozilla Public
 License, v. 2.0.
 .
 On Debian systems, the complete text of the Mozilla Public License,
 version 2.0 can be found in "/usr/share/common-licenses/MPL-2.0".
EOF
fi
