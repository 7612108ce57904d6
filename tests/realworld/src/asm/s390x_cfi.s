# Hand-written s390x assembly with CFI (real-toolchain SFrame corpus):
# the usual stmg/aghi prologue with a back chain slot, and a leaf.
	.text
	.globl	asm_frame
	.type	asm_frame, @function
asm_frame:
	.cfi_startproc
	stmg	%r11,%r15,88(%r15)
	.cfi_offset %r11, -72
	.cfi_offset %r12, -64
	.cfi_offset %r13, -56
	.cfi_offset %r14, -48
	.cfi_offset %r15, -40
	aghi	%r15,-160
	.cfi_def_cfa_offset 320
	lgr	%r11,%r15
	.cfi_def_cfa_register %r11
	brasl	%r14,asm_leaf
	lmg	%r11,%r15,248(%r11)
	.cfi_restore 15
	.cfi_restore 14
	.cfi_restore 13
	.cfi_restore 12
	.cfi_restore 11
	.cfi_def_cfa %r15, 160
	br	%r14
	.cfi_endproc
	.size	asm_frame, .-asm_frame

	.globl	asm_leaf
	.type	asm_leaf, @function
asm_leaf:
	.cfi_startproc
	aghi	%r2,1
	br	%r14
	.cfi_endproc
	.size	asm_leaf, .-asm_leaf
	.section	.note.GNU-stack,"",@progbits
