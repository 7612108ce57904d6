# A zero-byte .sframe of the type SFrame v1/v2 use (PROGBITS).
	.section .sframe,"a",@progbits
