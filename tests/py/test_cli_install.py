# SPDX-License-Identifier: MIT
"""make install into a temporary prefix, then build and run a program
against the installed libsfv through pkg-config (static and shared)."""
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]

PROG = r"""
#include <sfv.h>
#include <stdio.h>
int main(void) {
  static const unsigned char hdr[28] = {0xe2, 0xde, 2, 1, 3, 0, (unsigned char)-8};
  sfv_result r;
  sfv_validate(hdr, sizeof hdr, NULL, NULL, NULL, &r);
  printf("%s %u %s\n", SFV_VERSION_STRING, r.errors,
         sfv_rule_get(SFV_R_ELF_NO_SFRAME)->id);
  return 0;
}
"""


def test_install_and_pkg_config(tmp_path):
    prefix = tmp_path / "prefix"
    stage = tmp_path / "stage"
    subprocess.run(["make", "-C", str(ROOT), "install", f"PREFIX={prefix}"],
                   check=True, capture_output=True)
    # DESTDIR stages under DESTDIR/PREFIX without touching PREFIX
    subprocess.run(["make", "-C", str(ROOT), "install", "PREFIX=/usr", f"DESTDIR={stage}"],
                   check=True, capture_output=True)
    for rel in ["bin/sframe-validate", "lib/libsfv.a", "lib/libsfv.so", "lib/libsfv.so.0",
                "include/sfv.h", "include/sfv_rules.def", "lib/pkgconfig/sfv.pc",
                "share/man/man1/sframe-validate.1"]:
        assert (prefix / rel).exists(), rel
        assert (stage / "usr" / rel).exists(), rel
    assert "prefix=/usr\n" in (stage / "usr/lib/pkgconfig/sfv.pc").read_text()

    env = dict(os.environ, PKG_CONFIG_PATH=str(prefix / "lib" / "pkgconfig"))
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "sfv"], env=env,
                           check=True, capture_output=True, text=True).stdout.split()
    assert f"-I{prefix}/include" in flags
    src = tmp_path / "p.c"
    src.write_text(PROG)
    # shared
    subprocess.run(["cc", "-std=c11", "-o", str(tmp_path / "p"), str(src), *flags,
                    f"-Wl,-rpath,{prefix}/lib"], check=True)
    out = subprocess.run([str(tmp_path / "p")], check=True, capture_output=True, text=True)
    assert out.stdout.split() == [out.stdout.split()[0], "0", "elf-no-sframe"]
    ldd = subprocess.run(["ldd", str(tmp_path / "p")], capture_output=True, text=True).stdout
    assert str(prefix / "lib" / "libsfv.so.0") in ldd
    # static
    subprocess.run(["cc", "-std=c11", "-static", "-o", str(tmp_path / "ps"), str(src),
                    f"-I{prefix}/include", str(prefix / "lib" / "libsfv.a")], check=True)
    out2 = subprocess.run([str(tmp_path / "ps")], check=True, capture_output=True, text=True)
    assert out2.stdout == out.stdout
    man = subprocess.run(["man", "-l", "-P", "cat", str(prefix / "share/man/man1/sframe-validate.1")],
                         capture_output=True, text=True, env=dict(os.environ, MANWIDTH="80"))
    if man.returncode == 0:
        assert "--require-sframe" in man.stdout
    r = subprocess.run([str(prefix / "bin" / "sframe-validate"), "--version"],
                       capture_output=True, text=True)
    assert r.returncode == 0
