	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 5
	.globl	r_16_16_4_4_64
	.p2align	8
	.type	r_16_16_4_4_64,@function
r_16_16_4_4_64:
	s_mov_b32 s11, 0
	s_mov_b32 s10, s15
	s_mov_b32 s15, s11
	v_lshrrev_b32_e32 v1, 4, v0
	s_lshl_b64 s[12:13], s[14:15], 2
	s_add_u32 s2, s10, -1
	s_addc_u32 s3, 0, -1
	v_and_b32_e32 v0, 0x3ff, v0
	s_lshr_b32 s3, s3, 28
	v_and_b32_e32 v1, 0xffc0, v1
	s_add_i32 s3, s2, s3
	s_load_b64 s[14:15], s[0:1], 0x0
	s_and_b32 s3, s3, 0xfffff0
	v_add_co_u32 v2, null, s12, v0
	s_sub_i32 s2, s2, s3
	v_or_b32_e32 v6, 1, v1
	s_lshl_b32 s2, s2, 8
	s_delay_alu instid0(VALU_DEP_2)
	v_lshl_add_u32 v5, v2, 2, v2
	s_addk_i32 s2, 0x100
	s_cmp_lg_u32 s10, 0
	v_add_nc_u32_e32 v8, 64, v2
	s_cselect_b32 s2, s2, 0
	v_mul_hi_i32 v7, 0x2e8ba2e9, v5
	v_add_nc_u32_e32 v4, s2, v1
	v_add_nc_u32_e32 v12, s2, v6
	v_cmp_lt_u32_e64 s0, 0x7ffffffe, v8
	v_add_nc_u32_e32 v11, 0x140, v5
	s_or_b32 s4, s2, 1
	v_mul_hi_i32 v3, 0x92492493, v4
	v_mul_hi_i32 v13, 0x92492493, v12
	v_lshrrev_b32_e32 v8, 31, v7
	v_ashrrev_i32_e32 v7, 1, v7
	v_or_b32_e32 v9, 2, v1
	v_or_b32_e32 v10, 3, v1
	v_add_nc_u32_e32 v17, s4, v1
	v_mul_hi_i32 v16, 0x2e8ba2e9, v11
	v_add_nc_u32_e32 v3, v3, v4
	v_add_nc_u32_e32 v7, v7, v8
	v_add_nc_u32_e32 v13, v13, v12
	v_cmp_lt_u32_e32 vcc_lo, 0x7ffffffe, v2
	v_add_nc_u32_e32 v8, s2, v9
	v_lshrrev_b32_e32 v14, 31, v3
	v_ashrrev_i32_e32 v3, 2, v3
	v_mul_lo_u32 v7, v7, 11
	v_lshrrev_b32_e32 v18, 31, v13
	v_ashrrev_i32_e32 v13, 2, v13
	v_lshrrev_b32_e32 v20, 31, v16
	v_add_nc_u32_e32 v3, v3, v14
	v_add_nc_u32_e32 v14, s2, v10
	v_cmp_gt_i32_e64 s2, 1, v17
	v_add_nc_u32_e32 v13, v13, v18
	v_sub_nc_u32_e32 v7, v5, v7
	v_mul_lo_u32 v3, v3, 7
	v_ashrrev_i32_e32 v16, 1, v16
	v_mul_hi_i32 v19, 0x92492493, v8
	v_mul_lo_u32 v13, v13, 7
	v_cmp_ne_u32_e64 s1, 0, v7
	v_add_nc_u32_e32 v6, s4, v6
	v_add_nc_u32_e32 v16, v16, v20
	v_add_nc_u32_e32 v15, 0x280, v5
	v_sub_nc_u32_e32 v3, v4, v3
	s_and_b32 s1, vcc_lo, s1
	v_add_nc_u32_e32 v19, v19, v8
	v_cndmask_b32_e64 v17, 0, 11, s1
	v_mul_lo_u32 v16, v16, 11
	v_cmp_ne_u32_e64 s3, 0, v3
	v_sub_nc_u32_e32 v12, v12, v13
	v_cmp_gt_i32_e32 vcc_lo, 1, v6
	v_add3_u32 v7, v7, v17, -5
	v_lshrrev_b32_e32 v6, 31, v19
	s_and_b32 s1, s3, s2
	v_ashrrev_i32_e32 v13, 2, v19
	v_cndmask_b32_e64 v18, 0, 7, s1
	v_cvt_f32_i32_e32 v7, v7
	v_cmp_ne_u32_e64 s1, 0, v12
	v_sub_nc_u32_e32 v11, v11, v16
	v_add_nc_u32_e32 v6, v13, v6
	v_add3_u32 v3, v3, v18, -3
	v_mul_hi_i32 v13, 0x92492493, v14
	v_add_nc_u32_e32 v5, 0x3c0, v5
	s_and_b32 s1, s1, vcc_lo
	v_cmp_ne_u32_e32 vcc_lo, 0, v11
	v_cvt_f32_i32_e32 v3, v3
	v_cndmask_b32_e64 v16, 0, 7, s1
	v_mul_lo_u32 v6, v6, 7
	v_mul_hi_i32 v18, 0x2e8ba2e9, v5
	s_and_b32 s0, s0, vcc_lo
	v_fma_f32 v3, v3, v7, 0
	v_mul_hi_i32 v7, 0x2e8ba2e9, v15
	v_add_nc_u32_e32 v13, v13, v14
	v_add3_u32 v12, v12, v16, -3
	v_cndmask_b32_e64 v16, 0, 11, s0
	v_sub_nc_u32_e32 v6, v8, v6
	v_add_nc_u32_e32 v9, s4, v9
	v_lshrrev_b32_e32 v8, 31, v13
	v_ashrrev_i32_e32 v13, 2, v13
	v_lshrrev_b32_e32 v17, 31, v7
	v_ashrrev_i32_e32 v7, 1, v7
	v_add3_u32 v11, v11, v16, -5
	v_lshrrev_b32_e32 v16, 31, v18
	v_add_nc_u32_e32 v8, v13, v8
	v_cmp_ne_u32_e32 vcc_lo, 0, v6
	v_add_nc_u32_e32 v7, v7, v17
	v_ashrrev_i32_e32 v17, 1, v18
	v_cmp_gt_i32_e64 s0, 1, v9
	v_mul_lo_u32 v8, v8, 7
	v_add_nc_u32_e32 v9, 0x80, v2
	v_mul_lo_u32 v7, v7, 11
	v_add_nc_u32_e32 v13, v17, v16
	s_and_b32 s0, vcc_lo, s0
	v_cvt_f32_i32_e32 v12, v12
	v_cmp_lt_u32_e32 vcc_lo, 0x7ffffffe, v9
	v_add_nc_u32_e32 v9, s4, v10
	v_mul_lo_u32 v13, v13, 11
	v_sub_nc_u32_e32 v8, v14, v8
	v_sub_nc_u32_e32 v7, v15, v7
	v_cndmask_b32_e64 v15, 0, 7, s0
	v_add_nc_u32_e32 v10, 0xc0, v2
	v_cvt_f32_i32_e32 v11, v11
	s_mov_b64 s[16:17], 0
	v_cmp_ne_u32_e64 s0, 0, v7
	v_sub_nc_u32_e32 v5, v5, v13
	v_cmp_lt_u32_e64 s1, 0x7ffffffe, v10
	v_add3_u32 v6, v6, v15, -3
	v_fmac_f32_e32 v3, v12, v11
	s_and_b32 s0, vcc_lo, s0
	v_cmp_ne_u32_e32 vcc_lo, 0, v8
	v_cndmask_b32_e64 v13, 0, 11, s0
	v_cmp_gt_i32_e64 s0, 1, v9
	v_cmp_ne_u32_e64 s2, 0, v5
	v_cvt_f32_i32_e32 v6, v6
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_add3_u32 v7, v7, v13, -5
	s_and_b32 s0, vcc_lo, s0
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_cndmask_b32_e64 v9, 0, 7, s0
	s_and_b32 s0, s1, s2
	v_cvt_f32_i32_e32 v7, v7
	v_cndmask_b32_e64 v10, 0, 11, s0
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_add3_u32 v8, v8, v9, -3
	v_fmac_f32_e32 v3, v6, v7
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_4)
	v_add3_u32 v5, v5, v10, -5
	v_or_b32_e32 v4, 4, v4
	v_cvt_f32_i32_e32 v6, v8
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_cvt_f32_i32_e32 v5, v5
	v_fmac_f32_e32 v3, v6, v5
.LBB0_1:
	s_add_i32 s0, s16, 0x100
	v_add_nc_u32_e32 v5, 1, v4
	s_and_b32 s0, s0, 0xfc0
	v_mul_hi_i32 v6, 0x92492493, v4
	v_add_nc_u32_e32 v7, 2, v4
	v_add_nc_u32_e32 v8, s0, v2
	s_add_i32 s1, s16, 0x140
	s_add_i32 s2, s16, 0x180
	s_and_b32 s1, s1, 0xfc0
	v_mul_hi_i32 v11, 0x92492493, v5
	v_add_nc_u32_e32 v9, s1, v2
	v_mul_hi_i32 v12, 0x92492493, v7
	v_lshl_add_u32 v13, v8, 2, v8
	s_and_b32 s2, s2, 0xfc0
	v_add_nc_u32_e32 v6, v6, v4
	v_add_nc_u32_e32 v10, s2, v2
	v_cmp_lt_u32_e64 s1, 0x7ffffffe, v8
	v_lshl_add_u32 v8, v9, 2, v9
	v_mul_hi_i32 v14, 0x2e8ba2e9, v13
	v_cmp_lt_u32_e64 s2, 0x7ffffffe, v9
	v_lshl_add_u32 v9, v10, 2, v10
	v_cmp_lt_u32_e64 s3, 0x7ffffffe, v10
	v_lshrrev_b32_e32 v10, 31, v6
	v_ashrrev_i32_e32 v6, 2, v6
	v_add_nc_u32_e32 v11, v11, v5
	v_add_nc_u32_e32 v12, v12, v7
	v_mul_hi_i32 v15, 0x2e8ba2e9, v8
	v_lshrrev_b32_e32 v18, 31, v14
	v_add_nc_u32_e32 v6, v6, v10
	v_lshrrev_b32_e32 v10, 31, v11
	v_ashrrev_i32_e32 v11, 2, v11
	v_lshrrev_b32_e32 v17, 31, v12
	v_ashrrev_i32_e32 v12, 2, v12
	v_ashrrev_i32_e32 v14, 1, v14
	v_mul_hi_i32 v16, 0x2e8ba2e9, v9
	v_lshrrev_b32_e32 v19, 31, v15
	v_ashrrev_i32_e32 v15, 1, v15
	v_add_nc_u32_e32 v10, v11, v10
	v_add_nc_u32_e32 v11, v12, v17
	v_add_nc_u32_e32 v12, v14, v18
	v_mul_lo_u32 v6, v6, 7
	v_add_nc_u32_e32 v14, v15, v19
	v_lshrrev_b32_e32 v20, 31, v16
	v_ashrrev_i32_e32 v16, 1, v16
	v_mul_lo_u32 v10, v10, 7
	v_mul_lo_u32 v12, v12, 11
	v_mul_lo_u32 v11, v11, 7
	v_mul_lo_u32 v14, v14, 11
	v_sub_nc_u32_e32 v6, v4, v6
	v_add_nc_u32_e32 v15, v16, v20
	v_cmp_gt_i32_e32 vcc_lo, 1, v5
	v_cmp_gt_i32_e64 s0, 1, v7
	v_sub_nc_u32_e32 v5, v5, v10
	v_sub_nc_u32_e32 v10, v13, v12
	v_cmp_ne_u32_e64 s4, 0, v6
	v_mul_lo_u32 v15, v15, 11
	v_add_nc_u32_e32 v4, 3, v4
	v_sub_nc_u32_e32 v7, v7, v11
	v_sub_nc_u32_e32 v8, v8, v14
	v_cmp_ne_u32_e64 s6, 0, v10
	s_and_b32 s4, s4, vcc_lo
	v_cmp_ne_u32_e32 vcc_lo, 0, v5
	v_cmp_gt_i32_e64 s5, 1, v4
	v_cndmask_b32_e64 v11, 0, 7, s4
	v_cmp_ne_u32_e64 s4, 0, v7
	v_sub_nc_u32_e32 v9, v9, v15
	v_cmp_ne_u32_e64 s7, 0, v8
	s_and_b32 s1, s1, s6
	s_and_b32 s0, vcc_lo, s0
	v_cndmask_b32_e64 v12, 0, 11, s1
	v_add3_u32 v6, v6, v11, -3
	v_cndmask_b32_e64 v11, 0, 7, s0
	s_and_b32 s0, s4, s5
	v_cmp_ne_u32_e64 s8, 0, v9
	v_cndmask_b32_e64 v13, 0, 7, s0
	s_and_b32 s0, s2, s7
	v_add3_u32 v10, v10, v12, -5
	v_cndmask_b32_e64 v14, 0, 11, s0
	s_and_b32 s0, s3, s8
	v_cvt_f32_i32_e32 v6, v6
	v_cndmask_b32_e64 v12, 0, 11, s0
	v_add3_u32 v5, v5, v11, -3
	v_add3_u32 v8, v8, v14, -5
	v_cvt_f32_i32_e32 v10, v10
	v_add3_u32 v7, v7, v13, -3
	v_add3_u32 v9, v9, v12, -5
	v_cvt_f32_i32_e32 v5, v5
	v_cvt_f32_i32_e32 v8, v8
	v_fmac_f32_e32 v3, v6, v10
	v_cvt_f32_i32_e32 v6, v7
	v_cvt_f32_i32_e32 v7, v9
	s_add_u32 s16, s16, 0xc0
	s_addc_u32 s17, s17, 0
	v_fmac_f32_e32 v3, v5, v8
	s_cmp_lg_u64 s[16:17], 0xf00
	s_delay_alu instid0(VALU_DEP_1)
	v_fmac_f32_e32 v3, v6, v7
	s_cbranch_scc1 .LBB0_1
	s_lshl_b64 s[0:1], s[10:11], 10
	v_lshlrev_b32_e32 v1, 2, v1
	s_waitcnt lgkmcnt(0)
	s_add_u32 s2, s14, s0
	s_addc_u32 s3, s15, s1
	s_lshl_b64 s[0:1], s[12:13], 2
	v_lshlrev_b32_e32 v0, 2, v0
	s_add_u32 s0, s2, s0
	s_addc_u32 s1, s3, s1
	v_add_co_u32 v1, s0, s0, v1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_add_co_ci_u32_e64 v2, null, s1, 0, s0
	v_add_co_u32 v0, vcc_lo, v1, v0
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e32 v1, vcc_lo, 0, v2, vcc_lo
	global_store_b32 v[0:1], v3, off
	s_nop 0
	s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel r_16_16_4_4_64
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 8
		.amdhsa_user_sgpr_count 14
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_wavefront_size32 1
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 21
		.amdhsa_next_free_sgpr 18
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_workgroup_processor_mode 1
		.amdhsa_memory_ordered 1
		.amdhsa_forward_progress 0
		.amdhsa_shared_vgpr_count 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	r_16_16_4_4_64, .Lfunc_end0-r_16_16_4_4_64

	.p2alignl 7, 3214868480
	.fill 96, 4, 3214868480
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .actual_access:  write_only
        .address_space:  generic
        .name:           data0
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 16
    .name:           r_16_16_4_4_64
    .private_segment_fixed_size: 0
    .sgpr_count:     20
    .sgpr_spill_count: 0
    .symbol:         r_16_16_4_4_64.kd
    .uses_dynamic_stack: false
    .vgpr_count:     21
    .vgpr_spill_count: 0
    .wavefront_size: 32
    .workgroup_processor_mode: 1
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
