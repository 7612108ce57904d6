// Hand-written AArch64 assembly with CFI (real-toolchain SFrame corpus):
// an FP/LR frame, a function saving only x30 (no x29: the 2-data-word FRE
// shape), and a leaf.
	.text
	.globl	asm_frame
	.type	asm_frame, %function
asm_frame:
	.cfi_startproc
	stp	x29, x30, [sp, -32]!
	.cfi_def_cfa_offset 32
	.cfi_offset 29, -32
	.cfi_offset 30, -24
	mov	x29, sp
	str	x19, [sp, 16]
	.cfi_offset 19, -16
	bl	asm_leaf
	ldr	x19, [sp, 16]
	ldp	x29, x30, [sp], 32
	.cfi_restore 30
	.cfi_restore 29
	.cfi_restore 19
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size	asm_frame, .-asm_frame

	.globl	asm_lr_only
	.type	asm_lr_only, %function
asm_lr_only:
	.cfi_startproc
	str	x30, [sp, -16]!
	.cfi_def_cfa_offset 16
	.cfi_offset 30, -16
	bl	asm_leaf
	ldr	x30, [sp], 16
	.cfi_restore 30
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size	asm_lr_only, .-asm_lr_only

	.globl	asm_leaf
	.type	asm_leaf, %function
asm_leaf:
	.cfi_startproc
	add	x0, x0, 1
	ret
	.cfi_endproc
	.size	asm_leaf, .-asm_leaf
	.section	.note.GNU-stack,"",@progbits
