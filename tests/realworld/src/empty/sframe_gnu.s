# A zero-byte .sframe of the type SFrame v3 uses (SHT_GNU_SFRAME), as some
# C runtime objects carry (mold issue 1646: a crash on such an input).
	.section .sframe,"a",@0x6ffffff4
