# Hand-written x86-64 assembly with CFI (real-toolchain SFrame corpus):
# frame-pointer frames, remember/restore state around an early return,
# a stack-adjusting leaf, and an outermost frame (RA undefined).
	.text
	.globl	asm_fp_frame
	.type	asm_fp_frame, @function
asm_fp_frame:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	pushq	%rbx
	.cfi_offset %rbx, -24
	subq	$40, %rsp
	testl	%edi, %edi
	je	1f
	.cfi_remember_state
	addq	$40, %rsp
	popq	%rbx
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_restore_state
1:	movl	$7, %eax
	addq	$40, %rsp
	popq	%rbx
	leave
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size	asm_fp_frame, .-asm_fp_frame

	.globl	asm_leaf_adjust
	.type	asm_leaf_adjust, @function
asm_leaf_adjust:
	.cfi_startproc
	subq	$24, %rsp
	.cfi_adjust_cfa_offset 24
	movq	%rdi, (%rsp)
	movq	(%rsp), %rax
	addq	$24, %rsp
	.cfi_adjust_cfa_offset -24
	ret
	.cfi_endproc
	.size	asm_leaf_adjust, .-asm_leaf_adjust

	.globl	asm_outermost
	.type	asm_outermost, @function
asm_outermost:
	.cfi_startproc
	.cfi_undefined %rip
	xorl	%ebp, %ebp
	movq	%rsp, %rdi
	andq	$-16, %rsp
	call	asm_leaf_adjust
	hlt
	.cfi_endproc
	.size	asm_outermost, .-asm_outermost

	.section .text.cold,"ax",@progbits
	.globl	asm_cold
	.type	asm_cold, @function
asm_cold:
	.cfi_startproc
	pushq	%r12
	.cfi_def_cfa_offset 16
	.cfi_offset %r12, -16
	movl	%edi, %r12d
	popq	%r12
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	asm_cold, .-asm_cold
	.section	.note.GNU-stack,"",@progbits
