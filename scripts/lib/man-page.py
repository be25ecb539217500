#!/usr/bin/env python3
"""Finishes a page generate-manual wrote (mdoc) into the page scripts/install installs.

    man-page.py PAGE NAME VERSION FRAGMENTS > NAME.1

NAME is the installed page's name (squeeze, squeeze-compress, ...), VERSION squeeze's, FRAGMENTS
the directory of mdoc fragments (packaging/man). generate-manual names subcommand pages with dots
(squeeze.compress) and ends every page with ".Ex -std", mdoc's generic "exits 0 on success, and >0
if an error occurs", which is not squeeze's: the page gets squeeze's own exit statuses instead
(exit-status.mdoc), its ENVIRONMENT (environment.mdoc), its EXAMPLES (NAME.mdoc, where there is
one) and SEE ALSO gzip(1), pigz(1), zstd(1) and tar(1) (see-also.mdoc), in mdoc's order.
"""
import os
import re
import sys

page, name, version, fragments = sys.argv[1:5]


def fragment(file):
    path = os.path.join(fragments, file)
    return open(path).read().rstrip("\n") + "\n" if os.path.exists(path) else ""


lines = open(page).read().rstrip("\n").split("\n")
out = []
in_name = False
for line in lines:
    if line == ".Os":
        line = f".Os squeeze {version}"
    # Subcommand pages are installed as squeeze-compress.1 (as git's are): references to match.
    line = re.sub(r"^(\.Xr squeeze)\.(\S+)", lambda m: m.group(1) + "-" + m.group(2).replace(".", "-"), line)
    line = re.sub(r"^(\.Dt SQUEEZE)\.(\S+)", lambda m: m.group(1) + "-" + m.group(2).replace(".", "-"), line)
    if line.startswith(".Sh "):
        in_name = line == ".Sh NAME"
    # A subcommand page's NAME gives the page's name (for whatis); its synopsis keeps "squeeze X".
    if in_name and re.fullmatch(r'\.Nm "squeeze .*"', line):
        line = f".Nm {name}"
    if line == ".Nm":
        line = '.Nm "' + name.replace("-", " ") + '"'
    # Blank lines (paragraphs of the help text) become .Pp, as mdoc wants.
    if line == "":
        line = ".Pp"
    out.append(line)

text = "\n".join(out) + "\n"
generic = '.Sh "EXIT STATUS"\n.Ex -std\n'
if generic not in text:
    sys.exit(f"man-page.py: {page} has no '.Ex -std' EXIT STATUS to replace")
text = text.replace(generic, fragment("environment.mdoc") + fragment("exit-status.mdoc") + fragment(name + ".mdoc"))
see_also = fragment("see-also.mdoc")
if '.Sh "SEE ALSO"\n' in text:
    text = text.rstrip("\n") + " ,\n" + see_also
else:
    text += '.Sh "SEE ALSO"\n' + ("" if name == "squeeze" else ".Xr squeeze 1 ,\n") + see_also
sys.stdout.write(text)
