# SPDX-License-Identifier: MIT
"""Property tests: random valid descriptions decode (through our adapter)
exactly as the generator's model says; random single-field corruptions
never crash the validator (exit status 0 or 1 only)."""
import json
import os
import pathlib
import subprocess
import tempfile

from hypothesis import HealthCheck, given, settings, strategies as st

ROOT = pathlib.Path(__file__).resolve().parents[2]

from canonical import canonical  # noqa: E402
from encoder import encode  # noqa: E402
from model import (BASE_FP, BASE_SP, F_FDE_FUNC_START_PCREL, F_FDE_SORTED,  # noqa: E402
                   FDE, FDE_FLEX, FRE, PC_MASK, Section, flex_ctl)

CANON = os.environ.get("SFV_CANONICAL", str(ROOT / "build" / "conformance" / "sfv-canonical"))
if not os.path.exists(CANON):   # `make test-py` runs before `make conformance`
    subprocess.run(["make", "-C", str(ROOT), "build/conformance/sfv-canonical"], check=True,
                   stdout=subprocess.DEVNULL)
SFV = os.environ.get("SFV_BIN", str(ROOT / "build" / "sframe-validate"))
SETTINGS = settings(max_examples=120, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def fre_words(draw, version, abi, flex):
    m8 = lambda lo, hi: st.integers(lo, hi).map(lambda x: 8 * x)
    if draw(st.integers(0, 9)) == 0 and version >= 2:
        return []                                  # RA undefined
    if flex:
        reg = st.integers(0, 16 if abi == 3 else 31)
        ctl = lambda reg_p: st.tuples(reg, st.integers(0, 1)).map(
            lambda t: flex_ctl(t[0], t[1], reg_p))
        w = [draw(ctl(1)), draw(st.integers(-64, 4096))]
        ra = draw(st.sampled_from(["none", "pair", "pad"]))
        if ra == "pair":
            w += [draw(ctl(draw(st.integers(0, 1)))) or 2, draw(st.integers(-512, 512))]
        if ra == "pad" or (ra == "pair" and draw(st.booleans())):
            if ra == "pad":
                w.append(0)
            w += [draw(ctl(draw(st.integers(0, 1)))) or 2, draw(st.integers(-512, 512))]
        return w
    cfa = draw(m8(0, 40000))
    if abi == 4:
        cfa = (cfa + 160 - 160) // 8               # stored (offset - 160) / 8
    n = draw(st.sampled_from({3: [1, 2], 4: [1, 2, 3]}.get(abi, [1, 3])))
    saves = [draw(m8(-4000, -1)) for _ in range(n - 1)]
    return [cfa] + saves


@st.composite
def sections(draw):
    version = draw(st.sampled_from([1, 2, 3]))
    abi = draw(st.sampled_from([1, 2, 3] if version == 1 else [1, 2, 3, 4]))
    fdes, at = [], draw(st.integers(-(1 << 20), 1 << 20))
    for _ in range(draw(st.integers(0, 4))):
        flex = version == 3 and draw(st.booleans())
        mask = version >= 2 and draw(st.integers(0, 3)) == 0
        size = draw(st.sampled_from([0x30, 0x400, 0x11000]))
        limit = 16 if mask else size
        starts = sorted(set([0] + draw(st.lists(st.integers(1, limit - 1), max_size=4))))
        fres = [FRE(s, draw(fre_words(version, abi, flex)),
                    base_reg=BASE_FP if flex else draw(st.sampled_from([BASE_SP, BASE_FP])),
                    dw_size=draw(st.sampled_from([None, 4])),
                    mangled_ra=int(abi in (1, 2) and draw(st.booleans())))
                for s in starts]
        fdes.append(FDE(start=at, size=size, fres=fres, fde_type=FDE_FLEX if flex else 0,
                        pc_type=PC_MASK if mask else 0, rep_size=16 if mask else 0,
                        pauth_key=int(abi in (1, 2) and draw(st.booleans())),
                        signal=int(version == 3 and draw(st.booleans()))))
        at += size + 16 * draw(st.integers(1, 8))
    flags = F_FDE_SORTED | (F_FDE_FUNC_START_PCREL if version >= 2 and draw(st.booleans()) else 0)
    return Section(version=version, abi=abi, fdes=fdes, flags=flags)


def _run(exe, data):
    with tempfile.NamedTemporaryFile(suffix=".sframe") as fh:
        fh.write(data)
        fh.flush()
        return subprocess.run([exe, fh.name], capture_output=True, text=True)


@SETTINGS
@given(sections())
def test_valid_descriptions_decode_as_modelled(sec):
    p = _run(CANON, encode(sec).data)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == canonical(sec)


@SETTINGS
@given(sections(), st.data())
def test_single_field_corruption_never_crashes(sec, data):
    enc = encode(sec)
    buf = bytearray(enc.data)
    name = data.draw(st.sampled_from(sorted(enc.fields)))
    off, width = enc.fields[name]
    how = data.draw(st.sampled_from(["field", "byte", "truncate"]))
    if how == "field" and width and off + width <= len(buf):
        buf[off:off + width] = data.draw(st.binary(min_size=width, max_size=width))
    elif how == "byte" and buf:
        i = data.draw(st.integers(0, len(buf) - 1))
        buf[i] = data.draw(st.integers(0, 255))
    else:
        buf = buf[:data.draw(st.integers(0, len(buf)))]
    # The adapter is libsfv's verdict: accept (0) or reject (1), nothing else.
    p = _run(CANON, bytes(buf))
    assert p.returncode in (0, 1), f"adapter exit {p.returncode}: {p.stderr[-500:]}"
    # The CLI also says 2 for input that is neither ELF nor SFrame (bad
    # magic, empty file): a rejection by its documented exit status.
    p = _run(SFV, bytes(buf))
    assert p.returncode in (0, 1, 2), f"CLI exit {p.returncode}: {p.stderr[-500:]}"
    if p.returncode == 2:
        assert len(buf) < 2 or buf[:2] not in (b"\xde\xe2", b"\xe2\xde"), p.stderr
