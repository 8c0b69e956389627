	.text
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 5
	.globl	r_4_4_32_4_8
	.p2align	8
	.type	r_4_4_32_4_8,@function
r_4_4_32_4_8:
	v_bfe_u32 v1, v0, 2, 2
	s_mov_b32 s26, s15
	s_mov_b32 s27, 0
	s_load_b64 s[28:29], s[0:1], 0x0
	s_lshl_b64 s[2:3], s[26:27], 2
	v_and_b32_e32 v16, 3, v0
	v_or_b32_e32 v14, s2, v1
	v_mov_b32_e32 v15, s3
	s_mul_i32 s0, s14, 0x50
	s_movk_i32 s30, 0xffc0
	s_mov_b32 s31, -1
	v_add_co_u32 v8, s2, v14, -1
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_2)
	v_add_co_ci_u32_e64 v2, null, s3, -1, s2
	v_cmp_ne_u64_e32 vcc_lo, 0, v[14:15]
	s_mov_b64 s[34:35], 0
	s_movk_i32 s33, 0x1ff
	v_lshrrev_b32_e32 v2, 28, v2
	v_mov_b32_e32 v1, 0
	v_and_b32_e32 v17, 15, v0
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_add_nc_u32_e32 v4, v8, v2
	v_mov_b32_e32 v2, v1
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_4)
	v_lshl_or_b32 v19, s14, 4, v17
	v_mov_b32_e32 v5, v1
	v_dual_mov_b32 v6, v1 :: v_dual_and_b32 v9, 0xfffff0, v4
	v_mov_b32_e32 v4, v1
	v_mov_b32_e32 v7, v1
	v_mov_b32_e32 v10, v1
	v_mov_b32_e32 v11, v1
	v_sub_nc_u32_e32 v12, v8, v9
	v_mov_b32_e32 v8, v1
	v_mov_b32_e32 v9, v1
	v_mov_b32_e32 v13, v1
	v_mov_b32_e32 v14, v1
	v_lshl_add_u32 v18, v12, 8, 0x100
	v_mov_b32_e32 v3, v1
	v_mov_b32_e32 v12, v1
	v_mov_b32_e32 v15, v1
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_dual_cndmask_b32 v20, 0, v18 :: v_dual_add_nc_u32 v19, 0xc1, v19
	v_mad_u32_u24 v18, v17, 5, s0
	v_lshl_or_b32 v20, v16, 6, v20
	v_mov_b32_e32 v16, v1
.LBB0_1:
	s_delay_alu instid0(VALU_DEP_2)
	v_add_nc_u32_e32 v21, s30, v20
	v_add_nc_u32_e32 v38, 0xffffff40, v19
	v_add_nc_u32_e32 v22, s34, v18
	v_add_nc_u32_e32 v39, 0xffffff80, v19
	v_subrev_nc_u32_e32 v40, 64, v19
	v_add_nc_u32_e32 v46, s30, v18
	v_add_nc_u32_e32 v47, 0x50, v21
	v_mul_hi_i32 v45, 0x2e8ba2e9, v22
	v_cmp_gt_i32_e64 s2, 1, v38
	v_add_nc_u32_e32 v38, 0x140, v22
	v_cmp_gt_i32_e64 s0, 1, v39
	v_add_nc_u32_e32 v39, 0x280, v22
	v_cmp_gt_i32_e64 s1, 1, v40
	v_add_nc_u32_e32 v40, 0x3c0, v22
	v_add_nc_u32_e32 v41, 0x4f, v46
	v_add_nc_u32_e32 v23, 64, v21
	v_add_nc_u32_e32 v24, 0x41, v21
	v_add_nc_u32_e32 v25, 0x42, v21
	v_add_nc_u32_e32 v26, 0x43, v21
	v_add_nc_u32_e32 v27, 0x44, v21
	v_add_nc_u32_e32 v28, 0x45, v21
	v_add_nc_u32_e32 v29, 0x46, v21
	v_add_nc_u32_e32 v42, 0x18f, v46
	v_add_nc_u32_e32 v43, 0x2cf, v46
	v_add_nc_u32_e32 v44, 0x40f, v46
	v_add_nc_u32_e32 v48, 0x53, v46
	v_add_nc_u32_e32 v49, 0x193, v46
	v_add_nc_u32_e32 v50, 0x2d3, v46
	v_add_nc_u32_e32 v51, 0x413, v46
	v_add_nc_u32_e32 v52, 0x57, v46
	v_add_nc_u32_e32 v53, 0x197, v46
	v_cmp_gt_i32_e64 s4, 1, v47
	v_mul_hi_i32 v47, 0x2e8ba2e9, v38
	v_mul_hi_i32 v71, 0x2e8ba2e9, v39
	v_mul_hi_i32 v72, 0x2e8ba2e9, v40
	v_mul_hi_i32 v73, 0x2e8ba2e9, v41
	v_lshrrev_b32_e32 v85, 31, v45
	v_ashrrev_i32_e32 v45, 1, v45
	v_add_nc_u32_e32 v30, 0x47, v21
	v_add_nc_u32_e32 v31, 0x48, v21
	v_add_nc_u32_e32 v32, 0x49, v21
	v_add_nc_u32_e32 v33, 0x4a, v21
	v_add_nc_u32_e32 v34, 0x4b, v21
	v_add_nc_u32_e32 v35, 0x4c, v21
	v_add_nc_u32_e32 v36, 0x4d, v21
	v_add_nc_u32_e32 v37, 0x4e, v21
	v_add_nc_u32_e32 v21, 0x4f, v21
	v_add_nc_u32_e32 v54, 0x2d7, v46
	v_add_nc_u32_e32 v46, 0x417, v46
	v_mul_hi_i32 v55, 0x92492493, v23
	v_mul_hi_i32 v56, 0x92492493, v24
	v_mul_hi_i32 v57, 0x92492493, v25
	v_mul_hi_i32 v58, 0x92492493, v26
	v_mul_hi_i32 v59, 0x92492493, v27
	v_mul_hi_i32 v60, 0x92492493, v28
	v_mul_hi_i32 v61, 0x92492493, v29
	v_mul_hi_i32 v74, 0x2e8ba2e9, v42
	v_mul_hi_i32 v75, 0x2e8ba2e9, v43
	v_mul_hi_i32 v76, 0x2e8ba2e9, v44
	v_mul_hi_i32 v77, 0x2e8ba2e9, v48
	v_mul_hi_i32 v78, 0x2e8ba2e9, v49
	v_mul_hi_i32 v79, 0x2e8ba2e9, v50
	v_mul_hi_i32 v80, 0x2e8ba2e9, v51
	v_mul_hi_i32 v81, 0x2e8ba2e9, v52
	v_mul_hi_i32 v82, 0x2e8ba2e9, v53
	v_add_nc_u32_e32 v45, v45, v85
	v_lshrrev_b32_e32 v85, 31, v47
	v_ashrrev_i32_e32 v47, 1, v47
	v_lshrrev_b32_e32 v86, 31, v71
	v_ashrrev_i32_e32 v71, 1, v71
	v_lshrrev_b32_e32 v87, 31, v72
	v_ashrrev_i32_e32 v72, 1, v72
	v_lshrrev_b32_e32 v88, 31, v73
	v_ashrrev_i32_e32 v73, 1, v73
	v_mul_hi_i32 v62, 0x92492493, v30
	v_mul_hi_i32 v63, 0x92492493, v31
	v_mul_hi_i32 v64, 0x92492493, v32
	v_mul_hi_i32 v65, 0x92492493, v33
	v_mul_hi_i32 v66, 0x92492493, v34
	v_mul_hi_i32 v67, 0x92492493, v35
	v_mul_hi_i32 v68, 0x92492493, v36
	v_mul_hi_i32 v69, 0x92492493, v37
	v_mul_hi_i32 v70, 0x92492493, v21
	v_mul_hi_i32 v83, 0x2e8ba2e9, v54
	v_mul_hi_i32 v84, 0x2e8ba2e9, v46
	v_add_nc_u32_e32 v55, v55, v23
	v_add_nc_u32_e32 v56, v56, v24
	v_add_nc_u32_e32 v57, v57, v25
	v_add_nc_u32_e32 v58, v58, v26
	v_add_nc_u32_e32 v59, v59, v27
	v_add_nc_u32_e32 v60, v60, v28
	v_add_nc_u32_e32 v61, v61, v29
	v_lshrrev_b32_e32 v89, 31, v74
	v_ashrrev_i32_e32 v74, 1, v74
	v_lshrrev_b32_e32 v90, 31, v75
	v_ashrrev_i32_e32 v75, 1, v75
	v_lshrrev_b32_e32 v91, 31, v76
	v_ashrrev_i32_e32 v76, 1, v76
	v_lshrrev_b32_e32 v92, 31, v77
	v_ashrrev_i32_e32 v77, 1, v77
	v_lshrrev_b32_e32 v93, 31, v78
	v_ashrrev_i32_e32 v78, 1, v78
	v_add_nc_u32_e32 v47, v47, v85
	v_lshrrev_b32_e32 v85, 31, v79
	v_ashrrev_i32_e32 v79, 1, v79
	v_add_nc_u32_e32 v71, v71, v86
	v_lshrrev_b32_e32 v86, 31, v80
	v_ashrrev_i32_e32 v80, 1, v80
	v_add_nc_u32_e32 v72, v72, v87
	v_lshrrev_b32_e32 v87, 31, v81
	v_ashrrev_i32_e32 v81, 1, v81
	v_add_nc_u32_e32 v73, v73, v88
	v_lshrrev_b32_e32 v88, 31, v82
	v_ashrrev_i32_e32 v82, 1, v82
	v_add_nc_u32_e32 v62, v62, v30
	v_add_nc_u32_e32 v63, v63, v31
	v_add_nc_u32_e32 v64, v64, v32
	v_add_nc_u32_e32 v65, v65, v33
	v_add_nc_u32_e32 v66, v66, v34
	v_add_nc_u32_e32 v67, v67, v35
	v_add_nc_u32_e32 v68, v68, v36
	v_add_nc_u32_e32 v69, v69, v37
	v_add_nc_u32_e32 v70, v70, v21
	v_add_nc_u32_e32 v74, v74, v89
	v_lshrrev_b32_e32 v89, 31, v83
	v_ashrrev_i32_e32 v83, 1, v83
	v_add_nc_u32_e32 v75, v75, v90
	v_lshrrev_b32_e32 v90, 31, v84
	v_ashrrev_i32_e32 v84, 1, v84
	v_add_nc_u32_e32 v76, v76, v91
	v_lshrrev_b32_e32 v91, 31, v55
	v_ashrrev_i32_e32 v55, 2, v55
	v_add_nc_u32_e32 v77, v77, v92
	v_lshrrev_b32_e32 v92, 31, v56
	v_ashrrev_i32_e32 v56, 2, v56
	v_add_nc_u32_e32 v78, v78, v93
	v_lshrrev_b32_e32 v93, 31, v57
	v_ashrrev_i32_e32 v57, 2, v57
	v_add_nc_u32_e32 v79, v79, v85
	v_lshrrev_b32_e32 v85, 31, v58
	v_ashrrev_i32_e32 v58, 2, v58
	v_add_nc_u32_e32 v80, v80, v86
	v_lshrrev_b32_e32 v86, 31, v59
	v_ashrrev_i32_e32 v59, 2, v59
	v_add_nc_u32_e32 v81, v81, v87
	v_lshrrev_b32_e32 v87, 31, v60
	v_ashrrev_i32_e32 v60, 2, v60
	v_add_nc_u32_e32 v82, v82, v88
	v_lshrrev_b32_e32 v88, 31, v61
	v_ashrrev_i32_e32 v61, 2, v61
	v_mul_lo_u32 v45, v45, 11
	v_add_nc_u32_e32 v83, v83, v89
	v_lshrrev_b32_e32 v89, 31, v62
	v_ashrrev_i32_e32 v62, 2, v62
	v_add_nc_u32_e32 v84, v84, v90
	v_lshrrev_b32_e32 v90, 31, v63
	v_ashrrev_i32_e32 v63, 2, v63
	v_add_nc_u32_e32 v55, v55, v91
	v_lshrrev_b32_e32 v91, 31, v64
	v_ashrrev_i32_e32 v64, 2, v64
	v_add_nc_u32_e32 v56, v56, v92
	v_lshrrev_b32_e32 v92, 31, v65
	v_ashrrev_i32_e32 v65, 2, v65
	v_add_nc_u32_e32 v57, v57, v93
	v_lshrrev_b32_e32 v93, 31, v66
	v_ashrrev_i32_e32 v66, 2, v66
	v_add_nc_u32_e32 v58, v58, v85
	v_lshrrev_b32_e32 v85, 31, v67
	v_ashrrev_i32_e32 v67, 2, v67
	v_add_nc_u32_e32 v59, v59, v86
	v_lshrrev_b32_e32 v86, 31, v68
	v_ashrrev_i32_e32 v68, 2, v68
	v_add_nc_u32_e32 v60, v60, v87
	v_lshrrev_b32_e32 v87, 31, v69
	v_ashrrev_i32_e32 v69, 2, v69
	v_add_nc_u32_e32 v61, v61, v88
	v_lshrrev_b32_e32 v88, 31, v70
	v_ashrrev_i32_e32 v70, 2, v70
	v_mul_lo_u32 v47, v47, 11
	v_mul_lo_u32 v73, v73, 11
	v_mul_lo_u32 v71, v71, 11
	v_mul_lo_u32 v74, v74, 11
	v_add_nc_u32_e32 v62, v62, v89
	v_add_nc_u32_e32 v63, v63, v90
	v_add_nc_u32_e32 v64, v64, v91
	v_add_nc_u32_e32 v65, v65, v92
	v_add_nc_u32_e32 v66, v66, v93
	v_add_nc_u32_e32 v67, v67, v85
	v_add_nc_u32_e32 v68, v68, v86
	v_add_nc_u32_e32 v69, v69, v87
	v_add_nc_u32_e32 v70, v70, v88
	v_mul_lo_u32 v72, v72, 11
	v_mul_lo_u32 v75, v75, 11
	v_mul_lo_u32 v76, v76, 11
	v_mul_lo_u32 v77, v77, 11
	v_mul_lo_u32 v78, v78, 11
	v_mul_lo_u32 v79, v79, 11
	v_mul_lo_u32 v80, v80, 11
	v_mul_lo_u32 v81, v81, 11
	v_mul_lo_u32 v82, v82, 11
	v_mul_lo_u32 v83, v83, 11
	v_mul_lo_u32 v84, v84, 11
	v_sub_nc_u32_e32 v22, v22, v45
	v_mul_lo_u32 v45, v55, 7
	v_mul_lo_u32 v55, v56, 7
	v_mul_lo_u32 v56, v57, 7
	v_mul_lo_u32 v57, v58, 7
	v_mul_lo_u32 v58, v59, 7
	v_mul_lo_u32 v59, v60, 7
	v_mul_lo_u32 v60, v61, 7
	v_mul_lo_u32 v61, v62, 7
	v_mul_lo_u32 v62, v63, 7
	v_mul_lo_u32 v63, v64, 7
	v_mul_lo_u32 v64, v65, 7
	v_mul_lo_u32 v65, v66, 7
	v_mul_lo_u32 v66, v67, 7
	v_mul_lo_u32 v67, v68, 7
	v_mul_lo_u32 v68, v69, 7
	v_mul_lo_u32 v69, v70, 7
	v_sub_nc_u32_e32 v70, v38, v47
	v_sub_nc_u32_e32 v38, v41, v73
	v_sub_nc_u32_e32 v71, v39, v71
	v_sub_nc_u32_e32 v39, v42, v74
	v_cmp_ne_u32_e64 s5, 0, v22
	v_cmp_gt_i32_e64 s3, 0, v23
	v_sub_nc_u32_e32 v72, v40, v72
	v_sub_nc_u32_e32 v40, v43, v75
	v_sub_nc_u32_e32 v41, v44, v76
	v_sub_nc_u32_e32 v42, v48, v77
	v_sub_nc_u32_e32 v43, v49, v78
	v_sub_nc_u32_e32 v44, v50, v79
	v_sub_nc_u32_e32 v47, v51, v80
	v_sub_nc_u32_e32 v48, v52, v81
	v_sub_nc_u32_e32 v49, v53, v82
	v_sub_nc_u32_e32 v50, v54, v83
	v_sub_nc_u32_e32 v46, v46, v84
	v_sub_nc_u32_e32 v53, v23, v45
	v_add_nc_u32_e32 v23, -5, v38
	v_sub_nc_u32_e32 v54, v24, v55
	v_sub_nc_u32_e32 v55, v25, v56
	v_add_nc_u32_e32 v25, -5, v39
	s_and_b32 s2, s2, s5
	v_sub_nc_u32_e32 v56, v26, v57
	v_sub_nc_u32_e32 v57, v27, v58
	v_sub_nc_u32_e32 v58, v28, v59
	v_sub_nc_u32_e32 v59, v29, v60
	v_sub_nc_u32_e32 v60, v30, v61
	v_sub_nc_u32_e32 v61, v31, v62
	v_sub_nc_u32_e32 v62, v32, v63
	v_sub_nc_u32_e32 v63, v33, v64
	v_sub_nc_u32_e32 v64, v34, v65
	v_sub_nc_u32_e32 v65, v35, v66
	v_sub_nc_u32_e32 v66, v36, v67
	v_sub_nc_u32_e32 v67, v37, v68
	v_sub_nc_u32_e32 v68, v21, v69
	v_cndmask_b32_e64 v21, 0, 11, s2
	v_add_nc_u32_e32 v27, -5, v40
	v_add_nc_u32_e32 v29, -5, v41
	v_add_nc_u32_e32 v31, -5, v42
	v_add_nc_u32_e32 v33, -5, v43
	v_add_nc_u32_e32 v35, -5, v44
	v_add_nc_u32_e32 v37, -5, v47
	v_add_nc_u32_e32 v39, -5, v48
	v_add_nc_u32_e32 v41, -5, v49
	v_add_nc_u32_e32 v43, -5, v50
	v_add_nc_u32_e32 v45, -5, v46
	v_cvt_f32_i32_e32 v76, v23
	v_cvt_f32_i32_e32 v77, v25
	v_add3_u32 v69, v22, v21, -5
	v_cvt_f64_i32_e32 v[21:22], v23
	v_cvt_f64_i32_e32 v[23:24], v25
	v_cvt_f64_i32_e32 v[25:26], v27
	v_cvt_f32_i32_e32 v78, v27
	v_cvt_f64_i32_e32 v[27:28], v29
	v_cvt_f32_i32_e32 v79, v29
	v_cvt_f64_i32_e32 v[29:30], v31
	v_cvt_f32_i32_e32 v80, v31
	v_cvt_f64_i32_e32 v[31:32], v33
	v_cvt_f32_i32_e32 v81, v33
	v_cvt_f64_i32_e32 v[33:34], v35
	v_cvt_f32_i32_e32 v82, v35
	v_cvt_f64_i32_e32 v[35:36], v37
	v_cvt_f32_i32_e32 v83, v37
	v_cvt_f64_i32_e32 v[37:38], v39
	v_cvt_f32_i32_e32 v84, v39
	v_cvt_f64_i32_e32 v[39:40], v41
	v_cvt_f32_i32_e32 v85, v41
	v_cvt_f64_i32_e32 v[41:42], v43
	v_cvt_f32_i32_e32 v86, v43
	v_cvt_f64_i32_e32 v[43:44], v45
	v_cvt_f32_i32_e32 v87, v45
	v_cvt_f64_f32_e32 v[45:46], v76
	v_cvt_f64_f32_e32 v[47:48], v77
	v_cvt_f64_f32_e32 v[49:50], v78
	v_cvt_f64_f32_e32 v[51:52], v79
	v_cmp_ne_u32_e64 s2, 0, v70
	v_cmp_ne_u32_e64 s5, 0, v71
	v_cmp_gt_i32_e32 vcc_lo, 1, v19
	v_cmp_ne_u32_e64 s6, 0, v72
	v_cmp_ne_u32_e64 s7, 0, v53
	s_and_b32 s0, s0, s2
	v_cmp_ne_u32_e64 s8, 0, v54
	v_cndmask_b32_e64 v73, 0, 11, s0
	s_and_b32 s0, s1, s5
	v_cmp_ne_u32_e64 s9, 0, v55
	v_cndmask_b32_e64 v74, 0, 11, s0
	s_and_b32 s0, vcc_lo, s6
	v_cmp_ne_u32_e64 s10, 0, v56
	v_cndmask_b32_e64 v75, 0, 11, s0
	s_and_b32 s0, s3, s7
	v_cmp_ne_u32_e64 s11, 0, v57
	v_cndmask_b32_e64 v88, 0, 7, s0
	s_and_b32 s0, s3, s8
	v_cmp_ne_u32_e64 s12, 0, v58
	v_cndmask_b32_e64 v89, 0, 7, s0
	s_and_b32 s0, s3, s9
	v_cmp_ne_u32_e64 s13, 0, v59
	v_cndmask_b32_e64 v90, 0, 7, s0
	s_and_b32 s0, s3, s10
	v_cmp_ne_u32_e64 s15, 0, v60
	v_cndmask_b32_e64 v91, 0, 7, s0
	s_and_b32 s0, s3, s11
	v_cmp_ne_u32_e64 s16, 0, v61
	v_cndmask_b32_e64 v92, 0, 7, s0
	s_and_b32 s0, s3, s12
	v_cmp_ne_u32_e64 s17, 0, v62
	v_cndmask_b32_e64 v94, 0, 7, s0
	s_and_b32 s0, s3, s13
	v_cmp_ne_u32_e64 s18, 0, v63
	v_cndmask_b32_e64 v95, 0, 7, s0
	s_and_b32 s0, s3, s15
	v_cmp_ne_u32_e64 s19, 0, v64
	v_cmp_gt_f64_e64 vcc_lo, |v[45:46]|, |v[21:22]|
	s_and_b32 s1, s3, s16
	v_cndmask_b32_e64 v96, 0, 7, s0
	v_cmp_gt_f64_e64 s0, |v[47:48]|, |v[23:24]|
	v_cndmask_b32_e64 v98, 0, 7, s1
	s_and_b32 s1, s3, s17
	s_and_b32 s2, s3, s19
	v_cndmask_b32_e64 v99, 0, 7, s1
	s_and_b32 s1, s3, s18
	v_cndmask_b32_e64 v102, 0, 7, s2
	v_cndmask_b32_e64 v100, 0, 7, s1
	v_cmp_gt_f64_e64 s1, |v[49:50]|, |v[25:26]|
	v_cmp_gt_f64_e64 s2, |v[51:52]|, |v[27:28]|
	v_add3_u32 v70, v70, v73, -5
	v_add3_u32 v71, v71, v74, -5
	v_add3_u32 v73, v53, v88, -3
	v_add3_u32 v74, v54, v89, -3
	v_cvt_f64_f32_e32 v[53:54], v87
	v_cmp_ne_u32_e64 s20, 0, v65
	v_cmp_ne_u32_e64 s21, 0, v66
	v_cmp_ne_u32_e64 s22, 0, v67
	v_cmp_ne_u32_e64 s23, 0, v68
	v_add3_u32 v72, v72, v75, -5
	s_and_b32 s5, s3, s20
	v_add3_u32 v88, v56, v91, -3
	v_cndmask_b32_e64 v104, 0, 7, s5
	s_and_b32 s5, s3, s21
	s_and_b32 s3, s3, s22
	v_cndmask_b32_e64 v105, 0, 7, s5
	v_cndmask_b32_e64 v106, 0, 7, s3
	s_and_b32 s3, s4, s23
	v_add3_u32 v75, v55, v90, -3
	v_cndmask_b32_e64 v107, 0, 7, s3
	v_add3_u32 v58, v58, v94, -3
	v_add3_u32 v60, v60, v96, -3
	v_add3_u32 v57, v57, v92, -3
	v_add3_u32 v61, v61, v98, -3
	v_add3_u32 v63, v63, v100, -3
	v_subrev_co_ci_u32_e32 v93, vcc_lo, 0, v76, vcc_lo
	v_cmp_nlg_f64_e32 vcc_lo, v[45:46], v[21:22]
	v_subrev_co_ci_u32_e64 v21, s0, 0, v77, s0
	v_cmp_nlg_f64_e64 s0, v[47:48], v[23:24]
	v_cvt_f64_f32_e32 v[45:46], v83
	v_cvt_f64_f32_e32 v[47:48], v84
	s_delay_alu instid0(VALU_DEP_4)
	v_or_b32_e32 v97, 1, v21
	v_add3_u32 v59, v59, v95, -3
	v_add3_u32 v62, v62, v99, -3
	v_subrev_co_ci_u32_e64 v21, s1, 0, v78, s1
	v_subrev_co_ci_u32_e64 v23, s2, 0, v79, s2
	v_cmp_nlg_f64_e64 s2, v[51:52], v[27:28]
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_4)
	v_or_b32_e32 v101, 1, v21
	v_cvt_f64_f32_e32 v[21:22], v80
	v_or_b32_e32 v103, 1, v23
	v_cvt_f64_f32_e32 v[23:24], v81
	v_cvt_f64_f32_e32 v[27:28], v82
	v_cvt_f64_f32_e32 v[51:52], v86
	v_cmp_nlg_f64_e64 s1, v[49:50], v[25:26]
	v_cvt_f64_f32_e32 v[49:50], v85
	v_cmp_gt_f64_e64 s10, |v[53:54]|, |v[43:44]|
	v_cvt_f64_i32_e32 v[25:26], v69
	v_cvt_f32_i32_e32 v69, v69
	v_add3_u32 v66, v66, v105, -3
	v_add3_u32 v64, v64, v102, -3
	v_or_b32_e32 v93, 1, v93
	v_add3_u32 v65, v65, v104, -3
	v_cvt_f64_f32_e32 v[55:56], v69
	v_add3_u32 v67, v67, v106, -3
	v_add3_u32 v68, v68, v107, -3
	s_add_u32 s34, s34, 0x1400
	s_addc_u32 s35, s35, 0
	v_add_nc_u32_e32 v19, 0x400, v19
	s_add_u32 s30, s30, 16
	s_addc_u32 s31, s31, 0
	v_cndmask_b32_e32 v76, v93, v76, vcc_lo
	s_cmp_lg_u64 s[30:31], 0
	v_cndmask_b32_e64 v77, v97, v77, s0
	v_cmp_gt_f64_e64 s6, |v[45:46]|, |v[35:36]|
	v_cmp_gt_f64_e64 s7, |v[47:48]|, |v[37:38]|
	v_cndmask_b32_e64 v79, v103, v79, s2
	v_cmp_gt_f64_e64 s3, |v[21:22]|, |v[29:30]|
	v_cmp_gt_f64_e64 s4, |v[23:24]|, |v[31:32]|
	v_cmp_gt_f64_e64 s5, |v[27:28]|, |v[33:34]|
	v_cmp_gt_f64_e64 s9, |v[51:52]|, |v[41:42]|
	v_cndmask_b32_e64 v78, v101, v78, s1
	v_cmp_gt_f64_e64 s8, |v[49:50]|, |v[39:40]|
	v_cmp_gt_f64_e64 s11, |v[55:56]|, |v[25:26]|
	v_subrev_co_ci_u32_e64 v89, s3, 0, v80, s3
	v_cmp_nlg_f64_e64 s3, v[21:22], v[29:30]
	v_subrev_co_ci_u32_e64 v29, s4, 0, v81, s4
	v_cmp_nlg_f64_e64 s4, v[23:24], v[31:32]
	v_subrev_co_ci_u32_e64 v31, s5, 0, v82, s5
	v_cvt_f64_i32_e32 v[23:24], v71
	v_cvt_f32_i32_e32 v71, v71
	v_or_b32_e32 v90, 1, v29
	s_delay_alu instid0(VALU_DEP_4)
	v_or_b32_e32 v91, 1, v31
	v_subrev_co_ci_u32_e64 v31, s6, 0, v83, s6
	v_cmp_nlg_f64_e64 s6, v[45:46], v[35:36]
	v_subrev_co_ci_u32_e64 v45, s9, 0, v86, s9
	v_cvt_f64_i32_e32 v[29:30], v72
	v_cvt_f32_i32_e32 v72, v72
	v_subrev_co_ci_u32_e64 v35, s7, 0, v84, s7
	v_cmp_nlg_f64_e64 s7, v[47:48], v[37:38]
	v_subrev_co_ci_u32_e64 v37, s8, 0, v85, s8
	v_cvt_f64_i32_e32 v[21:22], v70
	v_cvt_f32_i32_e32 v70, v70
	v_cmp_nlg_f64_e64 s8, v[49:50], v[39:40]
	v_or_b32_e32 v49, 1, v45
	v_cmp_nlg_f64_e64 s9, v[51:52], v[41:42]
	v_cvt_f64_f32_e32 v[41:42], v71
	v_subrev_co_ci_u32_e64 v45, s10, 0, v87, s10
	v_cmp_nlg_f64_e64 s10, v[53:54], v[43:44]
	v_cvt_f64_f32_e32 v[43:44], v72
	v_or_b32_e32 v94, 1, v35
	v_cvt_f64_f32_e32 v[35:36], v70
	v_or_b32_e32 v51, 1, v45
	v_cvt_f64_i32_e32 v[45:46], v58
	v_cvt_f32_i32_e32 v52, v58
	v_cmp_nlg_f64_e64 s5, v[27:28], v[33:34]
	v_cvt_f64_i32_e32 v[27:28], v73
	v_cvt_f32_i32_e32 v73, v73
	v_subrev_co_ci_u32_e64 v53, s11, 0, v69, s11
	v_cmp_nlg_f64_e64 s11, v[55:56], v[25:26]
	v_cvt_f32_i32_e32 v56, v60
	v_or_b32_e32 v92, 1, v31
	v_cvt_f64_i32_e32 v[31:32], v74
	v_cvt_f32_i32_e32 v74, v74
	v_cvt_f64_i32_e32 v[33:34], v75
	v_cvt_f32_i32_e32 v75, v75
	v_cvt_f32_i32_e32 v48, v88
	v_cvt_f64_i32_e32 v[39:40], v57
	v_cvt_f32_i32_e32 v50, v57
	v_cvt_f32_i32_e32 v57, v61
	v_or_b32_e32 v47, 1, v37
	v_cvt_f64_i32_e32 v[37:38], v88
	v_cvt_f32_i32_e32 v54, v59
	v_cvt_f64_i32_e32 v[25:26], v59
	v_cvt_f32_i32_e32 v59, v62
	v_or_b32_e32 v89, 1, v89
	v_or_b32_e32 v53, 1, v53
	v_cndmask_b32_e64 v83, v92, v83, s6
	v_cndmask_b32_e64 v81, v90, v81, s4
	v_cndmask_b32_e64 v47, v47, v85, s8
	v_cndmask_b32_e64 v80, v89, v80, s3
	v_cndmask_b32_e64 v49, v49, v86, s9
	v_cmp_gt_f64_e64 s13, |v[41:42]|, |v[23:24]|
	v_cndmask_b32_e64 v84, v94, v84, s7
	v_cndmask_b32_e64 v51, v51, v87, s10
	v_cmp_gt_f64_e64 s15, |v[43:44]|, |v[29:30]|
	v_cmp_gt_f64_e64 s12, |v[35:36]|, |v[21:22]|
	v_cndmask_b32_e64 v82, v91, v82, s5
	v_subrev_co_ci_u32_e64 v58, s13, 0, v71, s13
	v_cmp_nlg_f64_e64 s13, v[41:42], v[23:24]
	v_cvt_f64_i32_e32 v[23:24], v62
	v_subrev_co_ci_u32_e64 v41, s15, 0, v72, s15
	v_subrev_co_ci_u32_e64 v55, s12, 0, v70, s12
	v_cmp_nlg_f64_e64 s12, v[35:36], v[21:22]
	v_cvt_f64_i32_e32 v[21:22], v60
	s_delay_alu instid0(VALU_DEP_4)
	v_or_b32_e32 v60, 1, v41
	v_cvt_f64_f32_e32 v[41:42], v73
	v_cmp_nlg_f64_e64 s15, v[43:44], v[29:30]
	v_cvt_f64_i32_e32 v[35:36], v61
	v_cvt_f64_i32_e32 v[29:30], v63
	v_cvt_f32_i32_e32 v61, v63
	v_or_b32_e32 v55, 1, v55
	v_or_b32_e32 v58, 1, v58
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_4)
	v_cndmask_b32_e64 v58, v58, v71, s13
	v_add_f32_e64 v71, |v51|, 0.5
	v_cndmask_b32_e64 v55, v55, v70, s12
	v_and_b32_e32 v70, 0x7fffffff, v51
	v_lshrrev_b32_e32 v51, 16, v51
	v_cmp_gt_f64_e64 s16, |v[41:42]|, |v[27:28]|
	v_cndmask_b32_e64 v60, v60, v72, s15
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_cmp_lt_u32_e64 s9, 0x7f800000, v70
	v_subrev_co_ci_u32_e64 v43, s16, 0, v73, s16
	v_cmp_nlg_f64_e64 s16, v[41:42], v[27:28]
	v_cvt_f64_f32_e32 v[27:28], v74
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_or_b32_e32 v62, 1, v43
	v_cndmask_b32_e64 v62, v62, v73, s16
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_cmp_gt_f64_e64 s17, |v[27:28]|, |v[31:32]|
	v_subrev_co_ci_u32_e64 v41, s17, 0, v74, s17
	v_cmp_nlg_f64_e64 s17, v[27:28], v[31:32]
	v_cvt_f64_f32_e32 v[31:32], v75
	v_cvt_f64_i32_e32 v[27:28], v64
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_or_b32_e32 v63, 1, v41
	v_cvt_f32_i32_e32 v64, v64
	v_cndmask_b32_e64 v63, v63, v74, s17
	v_cmp_gt_f64_e64 s18, |v[31:32]|, |v[33:34]|
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_2) | instid1(VALU_DEP_3)
	v_subrev_co_ci_u32_e64 v41, s18, 0, v75, s18
	v_cmp_nlg_f64_e64 s18, v[31:32], v[33:34]
	v_cvt_f64_f32_e32 v[31:32], v48
	v_or_b32_e32 v88, 1, v41
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_cndmask_b32_e64 v75, v88, v75, s18
	v_cmp_gt_f64_e64 s19, |v[31:32]|, |v[37:38]|
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_4)
	v_subrev_co_ci_u32_e64 v33, s19, 0, v48, s19
	v_cmp_nlg_f64_e64 s19, v[31:32], v[37:38]
	v_cvt_f64_i32_e32 v[31:32], v65
	v_cvt_f32_i32_e32 v65, v65
	v_or_b32_e32 v95, 1, v33
	v_cvt_f64_f32_e32 v[33:34], v50
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_cndmask_b32_e64 v48, v95, v48, s19
	v_cmp_gt_f64_e64 s20, |v[33:34]|, |v[39:40]|
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_2) | instid1(VALU_DEP_3)
	v_subrev_co_ci_u32_e64 v37, s20, 0, v50, s20
	v_cmp_nlg_f64_e64 s20, v[33:34], v[39:40]
	v_cvt_f64_f32_e32 v[33:34], v52
	v_or_b32_e32 v96, 1, v37
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_cndmask_b32_e64 v50, v96, v50, s20
	v_cmp_gt_f64_e64 s21, |v[33:34]|, |v[45:46]|
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_4)
	v_subrev_co_ci_u32_e64 v37, s21, 0, v52, s21
	v_cmp_nlg_f64_e64 s21, v[33:34], v[45:46]
	v_cvt_f64_i32_e32 v[33:34], v66
	v_cvt_f32_i32_e32 v45, v66
	v_or_b32_e32 v98, 1, v37
	v_cvt_f64_f32_e32 v[37:38], v54
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_cndmask_b32_e64 v52, v98, v52, s21
	v_cmp_gt_f64_e64 s22, |v[37:38]|, |v[25:26]|
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_2) | instid1(VALU_DEP_3)
	v_subrev_co_ci_u32_e64 v39, s22, 0, v54, s22
	v_cmp_nlg_f64_e64 s22, v[37:38], v[25:26]
	v_cvt_f64_f32_e32 v[25:26], v56
	v_or_b32_e32 v46, 1, v39
	v_cvt_f64_f32_e32 v[39:40], v45
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_cndmask_b32_e64 v46, v46, v54, s22
	v_cmp_gt_f64_e64 s23, |v[25:26]|, |v[21:22]|
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_cmp_nlg_f64_e64 s2, v[39:40], v[33:34]
	v_subrev_co_ci_u32_e64 v37, s23, 0, v56, s23
	v_cmp_nlg_f64_e64 s23, v[25:26], v[21:22]
	v_cvt_f64_f32_e32 v[25:26], v57
	v_cvt_f64_i32_e32 v[21:22], v67
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_or_b32_e32 v66, 1, v37
	v_cvt_f32_i32_e32 v67, v67
	v_cvt_f64_f32_e32 v[41:42], v67
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_cndmask_b32_e64 v56, v66, v56, s23
	v_cmp_gt_f64_e64 s24, |v[25:26]|, |v[35:36]|
	v_cmp_nlg_f64_e64 s3, v[41:42], v[21:22]
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_2) | instid1(VALU_DEP_3)
	v_subrev_co_ci_u32_e64 v37, s24, 0, v57, s24
	v_cmp_nlg_f64_e64 s24, v[25:26], v[35:36]
	v_cvt_f64_f32_e32 v[25:26], v59
	v_or_b32_e32 v99, 1, v37
	v_cvt_f64_f32_e32 v[37:38], v65
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_cndmask_b32_e64 v57, v99, v57, s24
	v_cmp_gt_f64_e64 s25, |v[25:26]|, |v[23:24]|
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_cmp_nlg_f64_e64 s1, v[37:38], v[31:32]
	v_subrev_co_ci_u32_e64 v35, s25, 0, v59, s25
	v_cmp_nlg_f64_e64 s25, v[25:26], v[23:24]
	v_cvt_f64_f32_e32 v[25:26], v61
	v_cvt_f64_i32_e32 v[23:24], v68
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_2) | instid1(VALU_DEP_1)
	v_or_b32_e32 v100, 1, v35
	v_cvt_f64_f32_e32 v[35:36], v64
	v_cvt_f32_i32_e32 v68, v68
	v_cvt_f64_f32_e32 v[43:44], v68
	s_delay_alu instid0(VALU_DEP_4)
	v_cndmask_b32_e64 v59, v100, v59, s25
	v_cmp_gt_f64_e64 vcc_lo, |v[25:26]|, |v[29:30]|
	v_cmp_nlg_f64_e64 s0, v[25:26], v[29:30]
	v_cndmask_b32_e64 v30, v53, v69, s11
	v_and_b32_e32 v53, 0x7fffffff, v76
	v_add_f32_e64 v69, |v76|, 0.5
	v_lshrrev_b32_e32 v76, 16, v76
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_and_b32_e32 v72, 0x7fffffff, v30
	v_bfe_u32 v88, v53, 13, 1
	v_cmp_nlg_f64_e64 s4, v[43:44], v[23:24]
	v_lshrrev_b32_e32 v74, 13, v53
	v_add_f32_e64 v73, |v30|, 0.5
	v_lshrrev_b32_e32 v30, 16, v30
	v_add3_u32 v88, v53, v88, 0xc8000fff
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_and_or_b32 v74, v74, s33, 0x7e00
	v_lshrrev_b32_e32 v88, 13, v88
	v_subrev_co_ci_u32_e32 v85, vcc_lo, 0, v61, vcc_lo
	v_cmp_gt_f64_e64 vcc_lo, |v[35:36]|, |v[27:28]|
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_or_b32_e32 v85, 1, v85
	v_cndmask_b32_e64 v61, v85, v61, s0
	v_subrev_co_ci_u32_e32 v86, vcc_lo, 0, v64, vcc_lo
	v_cmp_gt_f64_e64 vcc_lo, |v[37:38]|, |v[31:32]|
	v_and_b32_e32 v31, 0x7fffffff, v79
	v_and_b32_e32 v38, 0x7fffffff, v80
	s_delay_alu instid0(VALU_DEP_4)
	v_or_b32_e32 v86, 1, v86
	v_add_f32_e64 v32, |v79|, 0.5
	v_lshrrev_b32_e32 v37, 16, v79
	v_bfe_u32 v92, v31, 13, 1
	v_bfe_u32 v85, v38, 13, 1
	v_add_f32_e64 v79, |v80|, 0.5
	v_lshrrev_b32_e32 v66, 13, v31
	v_lshrrev_b32_e32 v93, 13, v38
	v_add3_u32 v92, v31, v92, 0xc8000fff
	v_add3_u32 v85, v38, v85, 0xc8000fff
	v_lshrrev_b32_e32 v80, 16, v80
	v_and_or_b32 v66, v66, s33, 0x7e00
	v_and_or_b32 v93, v93, s33, 0x7e00
	v_lshrrev_b32_e32 v92, 13, v92
	v_lshrrev_b32_e32 v85, 13, v85
	v_subrev_co_ci_u32_e32 v87, vcc_lo, 0, v65, vcc_lo
	v_cmp_gt_f64_e64 vcc_lo, |v[39:40]|, |v[33:34]|
	v_and_b32_e32 v33, 0x7fffffff, v81
	v_add_f32_e64 v34, |v81|, 0.5
	s_delay_alu instid0(VALU_DEP_4)
	v_or_b32_e32 v87, 1, v87
	v_and_b32_e32 v40, 0x7fffffff, v82
	v_lshrrev_b32_e32 v39, 16, v81
	v_add_f32_e64 v81, |v82|, 0.5
	v_lshrrev_b32_e32 v82, 16, v82
	v_cndmask_b32_e64 v65, v87, v65, s1
	v_bfe_u32 v87, v33, 13, 1
	v_cmp_gt_u32_e64 s5, 0x38800000, v40
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add3_u32 v87, v33, v87, 0xc8000fff
	v_lshrrev_b32_e32 v87, 13, v87
	v_subrev_co_ci_u32_e32 v25, vcc_lo, 0, v45, vcc_lo
	v_cmp_gt_f64_e64 vcc_lo, |v[41:42]|, |v[21:22]|
	v_and_b32_e32 v42, 0x7fffffff, v84
	v_and_b32_e32 v21, 0x7fffffff, v83
	s_delay_alu instid0(VALU_DEP_4)
	v_or_b32_e32 v25, 1, v25
	v_add_f32_e64 v22, |v83|, 0.5
	v_lshrrev_b32_e32 v41, 16, v83
	v_add_f32_e64 v83, |v84|, 0.5
	v_cmp_gt_u32_e64 s7, 0x38800000, v42
	v_cndmask_b32_e64 v25, v25, v45, s2
	v_cmp_gt_u32_e64 s2, 0x38800000, v31
	v_cmp_lt_u32_e64 s10, 0x7f800000, v42
	v_lshrrev_b32_e32 v45, 13, v40
	v_cmp_gt_u32_e64 s6, 0x38800000, v21
	v_lshrrev_b32_e32 v84, 16, v84
	v_cndmask_b32_e64 v32, v92, v32, s2
	v_cmp_lt_u32_e64 s2, 0x7f800000, v31
	v_and_or_b32 v45, v45, s33, 0x7e00
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_2) | instid1(VALU_DEP_2)
	v_cndmask_b32_e64 v66, 0x7c00, v66, s2
	v_cmp_lt_u32_e64 s2, 0x477fffff, v31
	v_lshrrev_b32_e32 v31, 13, v70
	v_cndmask_b32_e64 v32, v32, v66, s2
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_and_or_b32 v31, v31, s33, 0x7e00
	v_add_f32_e64 v66, |v52|, 0.5
	v_and_or_b32 v32, 0x8000, v37, v32
	s_delay_alu instid0(VALU_DEP_3)
	v_cndmask_b32_e64 v31, 0x7c00, v31, s9
	v_cmp_lt_u32_e64 s9, 0x477fffff, v70
	v_add_f32_e64 v37, |v65|, 0.5
	v_subrev_co_ci_u32_e32 v26, vcc_lo, 0, v67, vcc_lo
	v_cmp_gt_f64_e64 vcc_lo, |v[43:44]|, |v[23:24]|
	v_and_b32_e32 v23, 0x7fffffff, v47
	v_and_b32_e32 v44, 0x7fffffff, v49
	s_delay_alu instid0(VALU_DEP_4)
	v_or_b32_e32 v26, 1, v26
	v_add_f32_e64 v24, |v47|, 0.5
	v_lshrrev_b32_e32 v43, 16, v47
	v_cmp_gt_u32_e64 s11, 0x38800000, v23
	v_bfe_u32 v92, v44, 13, 1
	v_cndmask_b32_e64 v26, v26, v67, s3
	v_cmp_gt_u32_e64 s3, 0x38800000, v38
	v_add_f32_e64 v47, |v49|, 0.5
	v_cmp_lt_u32_e64 s8, 0x7f800000, v44
	v_add3_u32 v92, v44, v92, 0xc8000fff
	v_lshrrev_b32_e32 v49, 16, v49
	v_cndmask_b32_e64 v79, v85, v79, s3
	v_bfe_u32 v85, v70, 13, 1
	v_cmp_lt_u32_e64 s3, 0x7f800000, v38
	v_lshrrev_b32_e32 v92, 13, v92
	v_bfe_u32 v67, v40, 13, 1
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_add3_u32 v85, v70, v85, 0xc8000fff
	v_cndmask_b32_e64 v93, 0x7c00, v93, s3
	v_cmp_lt_u32_e64 s3, 0x477fffff, v38
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_2) | instid1(VALU_DEP_4)
	v_add3_u32 v67, v40, v67, 0xc8000fff
	v_lshrrev_b32_e32 v38, 13, v72
	v_lshrrev_b32_e32 v85, 13, v85
	v_cndmask_b32_e64 v79, v79, v93, s3
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_2) | instid1(VALU_DEP_4)
	v_lshrrev_b32_e32 v67, 13, v67
	v_and_b32_e32 v93, 0x7fffffff, v46
	v_and_or_b32 v38, v38, s33, 0x7e00
	v_and_or_b32 v79, 0x8000, v80, v79
	s_delay_alu instid0(VALU_DEP_4)
	v_cndmask_b32_e64 v67, v67, v81, s5
	v_cmp_lt_u32_e64 s5, 0x7f800000, v40
	v_add_f32_e64 v81, |v55|, 0.5
	v_and_b32_e32 v80, 0x7fffffff, v25
	v_subrev_co_ci_u32_e32 v29, vcc_lo, 0, v68, vcc_lo
	v_cmp_nlg_f64_e32 vcc_lo, v[35:36], v[27:28]
	v_and_b32_e32 v36, 0x7fffffff, v78
	v_and_b32_e32 v27, 0x7fffffff, v77
	v_add_f32_e64 v28, |v77|, 0.5
	v_lshrrev_b32_e32 v35, 16, v77
	v_add_f32_e64 v77, |v78|, 0.5
	v_bfe_u32 v54, v36, 13, 1
	v_bfe_u32 v90, v27, 13, 1
	v_cmp_gt_u32_e64 s1, 0x38800000, v36
	v_lshrrev_b32_e32 v91, 13, v36
	v_cmp_gt_u32_e64 s0, 0x38800000, v27
	v_add3_u32 v54, v36, v54, 0xc8000fff
	v_add3_u32 v90, v27, v90, 0xc8000fff
	v_lshrrev_b32_e32 v89, 13, v27
	v_and_or_b32 v91, v91, s33, 0x7e00
	v_or_b32_e32 v29, 1, v29
	v_lshrrev_b32_e32 v54, 13, v54
	v_lshrrev_b32_e32 v90, 13, v90
	v_and_or_b32 v89, v89, s33, 0x7e00
	v_cndmask_b32_e64 v45, 0x7c00, v45, s5
	v_cndmask_b32_e64 v29, v29, v68, s4
	v_cndmask_b32_e64 v54, v54, v77, s1
	v_bfe_u32 v77, v23, 13, 1
	v_cmp_lt_u32_e64 s1, 0x7f800000, v36
	v_cndmask_b32_e64 v28, v90, v28, s0
	v_bfe_u32 v90, v42, 13, 1
	v_cmp_lt_u32_e64 s0, 0x7f800000, v27
	v_add3_u32 v77, v23, v77, 0xc8000fff
	v_cndmask_b32_e64 v91, 0x7c00, v91, s1
	v_cmp_lt_u32_e64 s1, 0x477fffff, v36
	v_lshrrev_b32_e32 v36, 13, v44
	v_add3_u32 v90, v42, v90, 0xc8000fff
	v_lshrrev_b32_e32 v77, 13, v77
	v_cndmask_b32_e64 v89, 0x7c00, v89, s0
	v_cmp_lt_u32_e64 s0, 0x477fffff, v27
	v_and_or_b32 v36, v36, s33, 0x7e00
	v_lshrrev_b32_e32 v27, 13, v23
	v_cndmask_b32_e64 v24, v77, v24, s11
	v_cndmask_b32_e32 v64, v86, v64, vcc_lo
	v_cmp_gt_u32_e32 vcc_lo, 0x38800000, v53
	v_cmp_gt_u32_e64 s11, 0x38800000, v44
	v_lshrrev_b32_e32 v90, 13, v90
	v_cndmask_b32_e64 v36, 0x7c00, v36, s8
	v_cmp_lt_u32_e64 s8, 0x477fffff, v44
	v_cndmask_b32_e32 v69, v88, v69, vcc_lo
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v53
	v_cndmask_b32_e64 v47, v92, v47, s11
	v_cmp_gt_u32_e64 s11, 0x38800000, v70
	v_cndmask_b32_e64 v83, v90, v83, s7
	v_and_or_b32 v27, v27, s33, 0x7e00
	v_cndmask_b32_e32 v74, 0x7c00, v74, vcc_lo
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v53
	v_lshrrev_b32_e32 v53, 13, v42
	v_cmp_lt_u32_e64 s7, 0x7f800000, v23
	v_cndmask_b32_e64 v71, v85, v71, s11
	v_cndmask_b32_e64 v36, v47, v36, s8
	v_add_f32_e64 v77, |v62|, 0.5
	v_and_or_b32 v53, v53, s33, 0x7e00
	v_cndmask_b32_e64 v27, 0x7c00, v27, s7
	v_cmp_lt_u32_e64 s7, 0x477fffff, v23
	v_and_b32_e32 v23, 0x7fffffff, v63
	v_cndmask_b32_e64 v31, v71, v31, s9
	v_cndmask_b32_e64 v53, 0x7c00, v53, s10
	v_cmp_lt_u32_e64 s10, 0x477fffff, v42
	v_and_b32_e32 v42, 0x7fffffff, v62
	v_and_or_b32 v36, 0x8000, v49, v36
	v_and_or_b32 v31, 0x8000, v51, v31
	v_bfe_u32 v51, v23, 13, 1
	v_add_f32_e64 v92, |v63|, 0.5
	v_bfe_u32 v49, v42, 13, 1
	v_cmp_gt_u32_e64 s2, 0x38800000, v42
	v_and_b32_e32 v44, 0x7fffffff, v75
	v_add3_u32 v51, v23, v51, 0xc8000fff
	v_cmp_gt_u32_e64 s4, 0x38800000, v33
	v_add3_u32 v49, v42, v49, 0xc8000fff
	v_lshrrev_b32_e32 v86, 13, v33
	v_add_f32_e64 v85, |v75|, 0.5
	v_lshrrev_b32_e32 v51, 13, v51
	v_cndmask_b32_e64 v34, v87, v34, s4
	v_lshrrev_b32_e32 v49, 13, v49
	v_bfe_u32 v87, v72, 13, 1
	v_and_b32_e32 v70, 0x7fffffff, v48
	v_cmp_gt_u32_e64 s3, 0x38800000, v44
	v_and_or_b32 v86, v86, s33, 0x7e00
	v_cndmask_b32_e64 v49, v49, v77, s2
	v_cmp_gt_u32_e64 s2, 0x38800000, v23
	v_cmp_lt_u32_e64 s4, 0x7f800000, v33
	v_add3_u32 v87, v72, v87, 0xc8000fff
	v_cmp_gt_u32_e64 s11, 0x38800000, v72
	v_cndmask_b32_e32 v69, v69, v74, vcc_lo
	v_cndmask_b32_e64 v51, v51, v92, s2
	v_bfe_u32 v92, v44, 13, 1
	v_cndmask_b32_e64 v86, 0x7c00, v86, s4
	v_cmp_lt_u32_e64 s4, 0x477fffff, v33
	v_lshrrev_b32_e32 v87, 13, v87
	v_and_b32_e32 v74, 0x7fffffff, v50
	v_add3_u32 v92, v44, v92, 0xc8000fff
	v_bfe_u32 v88, v21, 13, 1
	v_cndmask_b32_e64 v34, v34, v86, s4
	v_cndmask_b32_e64 v73, v87, v73, s11
	v_add_f32_e64 v87, |v48|, 0.5
	v_lshrrev_b32_e32 v92, 13, v92
	v_cmp_gt_u32_e64 s4, 0x38800000, v70
	v_add3_u32 v88, v21, v88, 0xc8000fff
	v_cmp_lt_u32_e64 s5, 0x477fffff, v40
	v_lshrrev_b32_e32 v68, 13, v21
	v_cndmask_b32_e64 v85, v92, v85, s3
	v_bfe_u32 v92, v70, 13, 1
	v_lshrrev_b32_e32 v88, 13, v88
	v_cndmask_b32_e64 v28, v28, v89, s0
	v_add_f32_e64 v89, |v50|, 0.5
	v_cndmask_b32_e64 v54, v54, v91, s1
	v_add3_u32 v92, v70, v92, 0xc8000fff
	v_and_b32_e32 v91, 0x7fffffff, v52
	v_cndmask_b32_e64 v45, v67, v45, s5
	v_cmp_gt_u32_e64 s5, 0x38800000, v74
	v_and_or_b32 v68, v68, s33, 0x7e00
	v_lshrrev_b32_e32 v92, 13, v92
	v_cndmask_b32_e64 v22, v88, v22, s6
	v_cmp_lt_u32_e64 s6, 0x7f800000, v21
	v_and_b32_e32 v33, 0x7fffffff, v55
	v_add_f32_e64 v86, |v46|, 0.5
	v_cndmask_b32_e64 v87, v92, v87, s4
	v_bfe_u32 v92, v74, 13, 1
	v_cndmask_b32_e64 v68, 0x7c00, v68, s6
	v_cmp_lt_u32_e64 s6, 0x477fffff, v21
	v_and_b32_e32 v67, 0x7fffffff, v56
	v_cndmask_b32_e64 v24, v24, v27, s7
	v_add3_u32 v92, v74, v92, 0xc8000fff
	v_bfe_u32 v71, v33, 13, 1
	v_cndmask_b32_e64 v22, v22, v68, s6
	v_cmp_gt_u32_e64 s6, 0x38800000, v91
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v72
	v_lshrrev_b32_e32 v92, 13, v92
	v_lshrrev_b32_e32 v77, 13, v23
	v_cmp_gt_u32_e64 s7, 0x38800000, v93
	v_add3_u32 v71, v33, v71, 0xc8000fff
	v_cndmask_b32_e32 v38, 0x7c00, v38, vcc_lo
	v_cndmask_b32_e64 v89, v92, v89, s5
	v_bfe_u32 v92, v91, 13, 1
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v72
	v_and_or_b32 v77, v77, s33, 0x7e00
	v_cmp_lt_u32_e64 s2, 0x7f800000, v23
	v_and_b32_e32 v40, 0x7fffffff, v58
	v_add3_u32 v92, v91, v92, 0xc8000fff
	v_cndmask_b32_e32 v38, v73, v38, vcc_lo
	v_lshrrev_b32_e32 v71, 13, v71
	v_cmp_gt_u32_e32 vcc_lo, 0x38800000, v33
	v_cndmask_b32_e64 v77, 0x7c00, v77, s2
	v_lshrrev_b32_e32 v92, 13, v92
	v_cmp_lt_u32_e64 s2, 0x477fffff, v23
	v_lshrrev_b32_e32 v23, 13, v44
	v_add_f32_e64 v68, |v56|, 0.5
	v_cndmask_b32_e64 v53, v83, v53, s10
	v_cndmask_b32_e64 v66, v92, v66, s6
	v_bfe_u32 v92, v93, 13, 1
	v_and_b32_e32 v83, 0x7fffffff, v57
	v_cndmask_b32_e32 v71, v71, v81, vcc_lo
	v_bfe_u32 v81, v40, 13, 1
	v_and_or_b32 v23, v23, s33, 0x7e00
	v_add3_u32 v92, v93, v92, 0xc8000fff
	v_cmp_lt_u32_e64 s3, 0x7f800000, v44
	v_cmp_gt_u32_e64 s8, 0x38800000, v67
	v_add3_u32 v81, v40, v81, 0xc8000fff
	v_add_f32_e64 v88, |v58|, 0.5
	v_lshrrev_b32_e32 v92, 13, v92
	v_cndmask_b32_e64 v23, 0x7c00, v23, s3
	v_cmp_lt_u32_e64 s3, 0x477fffff, v44
	v_lshrrev_b32_e32 v44, 13, v70
	v_and_b32_e32 v21, 0x7fffffff, v60
	v_cndmask_b32_e64 v86, v92, v86, s7
	v_bfe_u32 v92, v67, 13, 1
	v_lshrrev_b32_e32 v81, 13, v81
	v_cmp_gt_u32_e64 s0, 0x38800000, v40
	v_and_or_b32 v44, v44, s33, 0x7e00
	v_cmp_lt_u32_e64 s4, 0x7f800000, v70
	v_add3_u32 v92, v67, v92, 0xc8000fff
	v_add_f32_e64 v27, |v57|, 0.5
	v_and_b32_e32 v47, 0x7fffffff, v59
	v_lshrrev_b32_e32 v73, 13, v33
	v_cndmask_b32_e64 v81, v81, v88, s0
	v_lshrrev_b32_e32 v92, 13, v92
	v_bfe_u32 v88, v21, 13, 1
	v_cndmask_b32_e64 v44, 0x7c00, v44, s4
	v_cmp_lt_u32_e64 s4, 0x477fffff, v70
	v_lshrrev_b32_e32 v70, 13, v74
	v_cndmask_b32_e64 v68, v92, v68, s8
	v_bfe_u32 v92, v83, 13, 1
	v_cmp_gt_u32_e64 s9, 0x38800000, v83
	v_and_or_b32 v73, v73, s33, 0x7e00
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v33
	v_add3_u32 v88, v21, v88, 0xc8000fff
	v_add3_u32 v92, v83, v92, 0xc8000fff
	v_and_or_b32 v70, v70, s33, 0x7e00
	v_cmp_lt_u32_e64 s5, 0x7f800000, v74
	v_add_f32_e64 v90, |v60|, 0.5
	v_cndmask_b32_e32 v73, 0x7c00, v73, vcc_lo
	v_lshrrev_b32_e32 v92, 13, v92
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v33
	v_lshrrev_b32_e32 v33, 13, v40
	v_lshrrev_b32_e32 v88, 13, v88
	v_cmp_gt_u32_e64 s1, 0x38800000, v21
	v_cndmask_b32_e64 v27, v92, v27, s9
	v_bfe_u32 v92, v47, 13, 1
	v_cndmask_b32_e64 v70, 0x7c00, v70, s5
	v_cmp_lt_u32_e64 s5, 0x477fffff, v74
	v_lshrrev_b32_e32 v74, 13, v91
	v_add_f32_e64 v72, |v59|, 0.5
	v_add3_u32 v92, v47, v92, 0xc8000fff
	v_and_or_b32 v33, v33, s33, 0x7e00
	v_cmp_lt_u32_e64 s0, 0x7f800000, v40
	v_cndmask_b32_e64 v88, v88, v90, s1
	v_and_b32_e32 v90, 0x7fffffff, v61
	v_and_or_b32 v74, v74, s33, 0x7e00
	v_cmp_lt_u32_e64 s6, 0x7f800000, v91
	v_lshrrev_b32_e32 v92, 13, v92
	v_cmp_gt_u32_e64 s10, 0x38800000, v47
	v_cndmask_b32_e64 v33, 0x7c00, v33, s0
	v_cmp_lt_u32_e64 s0, 0x477fffff, v40
	v_lshrrev_b32_e32 v40, 13, v21
	v_cndmask_b32_e64 v74, 0x7c00, v74, s6
	v_cmp_lt_u32_e64 s6, 0x477fffff, v91
	v_lshrrev_b32_e32 v91, 13, v93
	v_cndmask_b32_e64 v72, v92, v72, s10
	v_bfe_u32 v92, v90, 13, 1
	v_and_or_b32 v40, v40, s33, 0x7e00
	v_cmp_lt_u32_e64 s1, 0x7f800000, v21
	v_and_or_b32 v91, v91, s33, 0x7e00
	v_cmp_lt_u32_e64 s7, 0x7f800000, v93
	v_add3_u32 v92, v90, v92, 0xc8000fff
	v_and_or_b32 v69, 0x8000, v76, v69
	v_cndmask_b32_e64 v40, 0x7c00, v40, s1
	v_cmp_lt_u32_e64 s1, 0x477fffff, v21
	v_add_f32_e64 v21, |v61|, 0.5
	v_and_b32_e32 v76, 0x7fffffff, v64
	v_cndmask_b32_e64 v91, 0x7c00, v91, s7
	v_cmp_lt_u32_e64 s7, 0x477fffff, v93
	v_lshrrev_b32_e32 v93, 13, v67
	v_lshrrev_b32_e32 v92, 13, v92
	v_cmp_gt_u32_e64 s11, 0x38800000, v90
	v_cmp_lt_u32_e64 s8, 0x7f800000, v67
	v_lshrrev_b32_e32 v78, 16, v78
	v_and_or_b32 v93, v93, s33, 0x7e00
	v_and_or_b32 v28, 0x8000, v35, v28
	v_cndmask_b32_e64 v21, v92, v21, s11
	v_bfe_u32 v92, v76, 13, 1
	v_add_f32_e64 v35, |v64|, 0.5
	v_cndmask_b32_e64 v93, 0x7c00, v93, s8
	v_cmp_lt_u32_e64 s8, 0x477fffff, v67
	v_lshrrev_b32_e32 v67, 13, v83
	v_add3_u32 v92, v76, v92, 0xc8000fff
	v_and_or_b32 v54, 0x8000, v78, v54
	v_and_b32_e32 v78, 0x7fffffff, v65
	v_cmp_lt_u32_e64 s9, 0x7f800000, v83
	v_and_or_b32 v67, v67, s33, 0x7e00
	v_lshrrev_b32_e32 v92, 13, v92
	v_cmp_gt_u32_e64 s12, 0x38800000, v76
	v_cmp_lt_u32_e64 s10, 0x7f800000, v47
	v_cmp_gt_u32_e64 s13, 0x38800000, v78
	v_cndmask_b32_e64 v67, 0x7c00, v67, s9
	v_cmp_lt_u32_e64 s9, 0x477fffff, v83
	v_lshrrev_b32_e32 v83, 13, v47
	v_cndmask_b32_e64 v35, v92, v35, s12
	v_bfe_u32 v92, v78, 13, 1
	v_cmp_lt_u32_e64 s11, 0x7f800000, v90
	v_and_or_b32 v34, 0x8000, v39, v34
	v_and_or_b32 v83, v83, s33, 0x7e00
	v_add_f32_e64 v39, |v25|, 0.5
	v_add3_u32 v92, v78, v92, 0xc8000fff
	v_and_or_b32 v45, 0x8000, v82, v45
	v_and_b32_e32 v82, 0x7fffffff, v26
	v_cndmask_b32_e64 v83, 0x7c00, v83, s10
	v_cmp_lt_u32_e64 s10, 0x477fffff, v47
	v_lshrrev_b32_e32 v47, 13, v90
	v_lshrrev_b32_e32 v92, 13, v92
	v_cmp_lt_u32_e64 s12, 0x7f800000, v76
	v_cmp_gt_u32_e64 s15, 0x38800000, v80
	v_and_or_b32 v22, 0x8000, v41, v22
	v_and_or_b32 v47, v47, s33, 0x7e00
	v_cndmask_b32_e64 v37, v92, v37, s13
	v_bfe_u32 v92, v80, 13, 1
	v_cmp_lt_u32_e64 s13, 0x7f800000, v78
	v_add_f32_e64 v41, |v26|, 0.5
	v_cndmask_b32_e64 v47, 0x7c00, v47, s11
	v_cmp_lt_u32_e64 s11, 0x477fffff, v90
	v_lshrrev_b32_e32 v90, 13, v76
	v_add3_u32 v92, v80, v92, 0xc8000fff
	v_and_or_b32 v53, 0x8000, v84, v53
	v_and_b32_e32 v84, 0x7fffffff, v29
	v_cmp_gt_u32_e64 s16, 0x38800000, v82
	v_and_or_b32 v90, v90, s33, 0x7e00
	v_lshrrev_b32_e32 v92, 13, v92
	v_and_or_b32 v24, 0x8000, v43, v24
	v_add_f32_e64 v43, |v29|, 0.5
	v_cmp_gt_u32_e64 s17, 0x38800000, v84
	v_cndmask_b32_e64 v90, 0x7c00, v90, s12
	v_cmp_lt_u32_e64 s12, 0x477fffff, v76
	v_lshrrev_b32_e32 v76, 13, v78
	v_cndmask_b32_e64 v39, v92, v39, s15
	v_bfe_u32 v92, v82, 13, 1
	v_cmp_lt_u32_e64 s15, 0x7f800000, v80
	v_cmp_lt_u32_e64 s18, 0x7f800000, v42
	v_and_or_b32 v76, v76, s33, 0x7e00
	v_lshrrev_b32_e32 v55, 16, v55
	v_add3_u32 v92, v82, v92, 0xc8000fff
	v_lshrrev_b32_e32 v58, 16, v58
	v_lshrrev_b32_e32 v60, 16, v60
	v_cndmask_b32_e64 v76, 0x7c00, v76, s13
	v_cmp_lt_u32_e64 s13, 0x477fffff, v78
	v_lshrrev_b32_e32 v78, 13, v80
	v_lshrrev_b32_e32 v92, 13, v92
	v_and_or_b32 v30, 0x8000, v30, v38
	v_cndmask_b32_e32 v38, v71, v73, vcc_lo
	v_cndmask_b32_e64 v33, v81, v33, s0
	v_and_or_b32 v78, v78, s33, 0x7e00
	v_cndmask_b32_e64 v41, v92, v41, s16
	v_bfe_u32 v92, v84, 13, 1
	v_cmp_lt_u32_e64 s16, 0x7f800000, v82
	v_cndmask_b32_e64 v40, v88, v40, s1
	v_cndmask_b32_e64 v78, 0x7c00, v78, s15
	v_cmp_lt_u32_e64 s15, 0x477fffff, v80
	v_lshrrev_b32_e32 v80, 13, v82
	v_add3_u32 v92, v84, v92, 0xc8000fff
	v_lshlrev_b32_e32 v71, 13, v69
	v_lshlrev_b32_e32 v73, 13, v28
	v_lshlrev_b32_e32 v81, 13, v54
	v_and_or_b32 v80, v80, s33, 0x7e00
	v_lshrrev_b32_e32 v92, 13, v92
	v_lshlrev_b32_e32 v88, 13, v79
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v42
	v_lshrrev_b32_e32 v75, 16, v75
	v_cndmask_b32_e64 v80, 0x7c00, v80, s16
	v_cmp_lt_u32_e64 s16, 0x477fffff, v82
	v_lshrrev_b32_e32 v82, 13, v42
	v_cndmask_b32_e64 v43, v92, v43, s17
	v_lshrrev_b32_e32 v92, 13, v84
	v_cmp_lt_u32_e64 s17, 0x7f800000, v84
	v_lshlrev_b32_e32 v42, 13, v34
	v_and_or_b32 v82, v82, s33, 0x7e00
	v_lshrrev_b32_e32 v48, 16, v48
	v_and_or_b32 v92, v92, s33, 0x7e00
	v_lshrrev_b32_e32 v50, 16, v50
	v_lshrrev_b32_e32 v52, 16, v52
	v_cndmask_b32_e64 v82, 0x7c00, v82, s18
	v_lshrrev_b32_e32 v46, 16, v46
	v_cndmask_b32_e64 v92, 0x7c00, v92, s17
	v_cmp_lt_u32_e64 s17, 0x477fffff, v84
	v_lshlrev_b32_e32 v84, 13, v32
	v_lshrrev_b32_e32 v56, 16, v56
	v_lshrrev_b32_e32 v59, 16, v59
	v_lshrrev_b32_e32 v61, 16, v61
	v_lshrrev_b32_e32 v64, 16, v64
	v_lshrrev_b32_e32 v65, 16, v65
	v_dual_cndmask_b32 v49, v49, v82 :: v_dual_lshlrev_b32 v82, 13, v45
	v_cndmask_b32_e64 v23, v85, v23, s3
	v_lshlrev_b32_e32 v85, 13, v53
	v_cndmask_b32_e64 v44, v87, v44, s4
	v_lshlrev_b32_e32 v87, 13, v24
	v_cndmask_b32_e64 v70, v89, v70, s5
	v_lshlrev_b32_e32 v89, 13, v36
	v_cndmask_b32_e64 v66, v66, v74, s6
	v_lshlrev_b32_e32 v74, 13, v31
	v_cndmask_b32_e64 v86, v86, v91, s7
	v_cndmask_b32_e64 v68, v68, v93, s8
	v_cndmask_b32_e64 v27, v27, v67, s9
	v_cndmask_b32_e64 v67, v72, v83, s10
	v_cndmask_b32_e64 v21, v21, v47, s11
	v_cndmask_b32_e64 v35, v35, v90, s12
	v_cndmask_b32_e64 v37, v37, v76, s13
	v_cndmask_b32_e64 v39, v39, v78, s15
	v_cndmask_b32_e64 v41, v41, v80, s16
	v_and_or_b32 v38, 0x8000, v55, v38
	v_and_or_b32 v33, 0x8000, v58, v33
	v_and_or_b32 v40, 0x8000, v60, v40
	v_and_b32_e32 v55, 0xfffe000, v71
	v_and_b32_e32 v58, 0xf800000, v71
	v_and_b32_e32 v60, 0xfffe000, v73
	v_and_b32_e32 v71, 0xf800000, v73
	v_and_b32_e32 v72, 0xfffe000, v81
	v_and_b32_e32 v73, 0xf800000, v81
	v_and_b32_e32 v76, 0xfffe000, v84
	v_and_b32_e32 v78, 0xf800000, v84
	v_and_b32_e32 v80, 0xfffe000, v88
	v_and_b32_e32 v81, 0xf800000, v88
	v_and_b32_e32 v83, 0xfffe000, v42
	v_and_b32_e32 v42, 0xf800000, v42
	v_lshrrev_b32_e32 v62, 16, v62
	v_lshrrev_b32_e32 v25, 16, v25
	v_lshrrev_b32_e32 v26, 16, v26
	v_cndmask_b32_e64 v51, v51, v77, s2
	v_cndmask_b32_e64 v43, v43, v92, s17
	v_lshlrev_b32_e32 v47, 13, v30
	v_and_b32_e32 v84, 0xfffe000, v82
	v_and_b32_e32 v82, 0xf800000, v82
	v_and_b32_e32 v90, 0xfffe000, v85
	v_and_b32_e32 v85, 0xf800000, v85
	v_and_b32_e32 v91, 0xfffe000, v87
	v_and_b32_e32 v87, 0xf800000, v87
	v_and_b32_e32 v92, 0xfffe000, v89
	v_and_b32_e32 v89, 0xf800000, v89
	v_and_b32_e32 v93, 0xfffe000, v74
	v_and_b32_e32 v74, 0xf800000, v74
	v_and_or_b32 v23, 0x8000, v75, v23
	v_and_or_b32 v44, 0x8000, v48, v44
	v_and_or_b32 v48, 0x8000, v50, v70
	v_and_or_b32 v50, 0x8000, v52, v66
	v_and_or_b32 v46, 0x8000, v46, v86
	v_and_or_b32 v52, 0x8000, v56, v68
	v_and_or_b32 v56, 0x8000, v59, v67
	v_and_or_b32 v21, 0x8000, v61, v21
	v_and_or_b32 v35, 0x8000, v64, v35
	v_and_or_b32 v37, 0x8000, v65, v37
	v_add_nc_u32_e32 v59, 0x38000000, v55
	v_or_b32_e32 v61, 0x70000000, v55
	v_add_nc_u32_e32 v64, 0x38000000, v72
	v_or_b32_e32 v65, 0x70000000, v72
	v_add_nc_u32_e32 v66, 0x38800000, v72
	v_add_nc_u32_e32 v67, 0x38000000, v76
	v_or_b32_e32 v68, 0x70000000, v76
	v_add_nc_u32_e32 v70, 0x38800000, v76
	v_add_nc_u32_e32 v72, 0x38000000, v80
	v_or_b32_e32 v75, 0x70000000, v80
	v_add_nc_u32_e32 v76, 0x38800000, v80
	v_add_nc_u32_e32 v80, 0x38000000, v83
	v_or_b32_e32 v86, 0x70000000, v83
	v_cmp_eq_u32_e32 vcc_lo, 0xf800000, v58
	v_cmp_eq_u32_e64 s2, 0xf800000, v73
	v_cmp_eq_u32_e64 s4, 0xf800000, v78
	v_cmp_eq_u32_e64 s6, 0xf800000, v81
	v_cmp_eq_u32_e64 s8, 0xf800000, v42
	v_lshrrev_b32_e32 v63, 16, v63
	v_lshrrev_b32_e32 v29, 16, v29
	v_lshlrev_b32_e32 v77, 13, v22
	v_and_or_b32 v49, 0x8000, v62, v49
	v_and_or_b32 v25, 0x8000, v25, v39
	v_and_or_b32 v26, 0x8000, v26, v41
	v_and_b32_e32 v39, 0xfffe000, v47
	v_and_b32_e32 v41, 0xf800000, v47
	v_add_nc_u32_e32 v55, 0x38800000, v55
	v_add_nc_u32_e32 v83, 0x38800000, v83
	v_cndmask_b32_e32 v59, v59, v61, vcc_lo
	v_add_nc_u32_e32 v61, 0x38000000, v84
	v_cmp_eq_u32_e32 vcc_lo, 0, v58
	v_or_b32_e32 v58, 0x70000000, v84
	v_cndmask_b32_e64 v64, v64, v65, s2
	v_add_nc_u32_e32 v65, 0x38000000, v90
	v_cmp_eq_u32_e64 s2, 0, v73
	v_or_b32_e32 v73, 0x70000000, v90
	v_cmp_eq_u32_e64 s3, 0xf800000, v85
	v_add_nc_u32_e32 v90, 0x38800000, v90
	v_cndmask_b32_e64 v67, v67, v68, s4
	v_add_nc_u32_e32 v68, 0x38000000, v91
	v_cmp_eq_u32_e64 s4, 0, v78
	v_or_b32_e32 v78, 0x70000000, v91
	v_cmp_eq_u32_e64 s5, 0xf800000, v87
	v_add_nc_u32_e32 v91, 0x38800000, v91
	v_cndmask_b32_e64 v72, v72, v75, s6
	v_add_nc_u32_e32 v75, 0x38000000, v92
	v_cmp_eq_u32_e64 s6, 0, v81
	v_or_b32_e32 v81, 0x70000000, v92
	v_cmp_eq_u32_e64 s7, 0xf800000, v89
	v_add_nc_u32_e32 v92, 0x38800000, v92
	v_cndmask_b32_e64 v80, v80, v86, s8
	v_add_nc_u32_e32 v86, 0x38000000, v93
	v_cmp_eq_u32_e64 s8, 0, v42
	v_or_b32_e32 v42, 0x70000000, v93
	v_cmp_eq_u32_e64 s9, 0xf800000, v74
	v_cmp_eq_u32_e64 s10, 0xf800000, v82
	v_and_b32_e32 v88, 0xfffe000, v77
	v_and_b32_e32 v77, 0xf800000, v77
	v_and_or_b32 v51, 0x8000, v63, v51
	v_and_or_b32 v29, 0x8000, v29, v43
	v_lshlrev_b32_e32 v43, 13, v38
	v_add_nc_u32_e32 v62, 0x38000000, v60
	v_or_b32_e32 v63, 0x70000000, v60
	v_add_f32_e32 v55, 0xb8800000, v55
	v_add_nc_u32_e32 v84, 0x38800000, v84
	v_cmp_eq_u32_e64 s0, 0xf800000, v71
	v_add_f32_e32 v83, 0xb8800000, v83
	v_add_nc_u32_e32 v93, 0x38800000, v93
	v_cndmask_b32_e64 v58, v61, v58, s10
	v_lshlrev_b32_e32 v61, 13, v49
	v_cndmask_b32_e64 v65, v65, v73, s3
	v_add_f32_e32 v90, 0xb8800000, v90
	v_cmp_eq_u32_e64 s3, 0, v85
	v_cndmask_b32_e64 v68, v68, v78, s5
	v_add_f32_e32 v91, 0xb8800000, v91
	v_cmp_eq_u32_e64 s5, 0, v87
	v_cndmask_b32_e64 v75, v75, v81, s7
	v_add_f32_e32 v92, 0xb8800000, v92
	v_cmp_eq_u32_e64 s7, 0, v89
	v_add_nc_u32_e32 v89, 0x38000000, v39
	v_cndmask_b32_e64 v42, v86, v42, s9
	v_or_b32_e32 v86, 0x70000000, v39
	v_cmp_eq_u32_e64 s11, 0xf800000, v41
	v_add_nc_u32_e32 v39, 0x38800000, v39
	v_lshrrev_b32_e32 v57, 16, v57
	v_lshlrev_b32_e32 v24, 16, v24
	v_lshlrev_b32_e32 v36, 16, v36
	v_lshlrev_b32_e32 v47, 13, v33
	v_add_nc_u32_e32 v60, 0x38800000, v60
	v_cndmask_b32_e64 v62, v62, v63, s0
	v_add_nc_u32_e32 v63, 0x38000000, v88
	v_cmp_eq_u32_e64 s0, 0, v71
	v_or_b32_e32 v71, 0x70000000, v88
	v_cmp_eq_u32_e64 s1, 0xf800000, v77
	v_add_nc_u32_e32 v88, 0x38800000, v88
	v_add_f32_e32 v66, 0xb8800000, v66
	v_add_f32_e32 v84, 0xb8800000, v84
	v_cmp_eq_u32_e64 s10, 0, v82
	v_dual_add_f32 v93, 0xb8800000, v93 :: v_dual_lshlrev_b32 v82, 13, v51
	v_cmp_eq_u32_e64 s9, 0, v74
	v_cndmask_b32_e64 v86, v89, v86, s11
	v_cndmask_b32_e32 v55, v59, v55, vcc_lo
	v_cndmask_b32_e64 v80, v80, v83, s8
	v_and_b32_e32 v83, 0xfffe000, v43
	v_and_b32_e32 v43, 0xf800000, v43
	v_cndmask_b32_e64 v65, v65, v90, s3
	v_and_b32_e32 v90, 0xfffe000, v61
	v_and_b32_e32 v61, 0xf800000, v61
	v_cndmask_b32_e64 v68, v68, v91, s5
	v_cndmask_b32_e64 v75, v75, v92, s7
	v_add_f32_e32 v39, 0xb8800000, v39
	v_cmp_eq_u32_e32 vcc_lo, 0, v41
	v_lshlrev_b32_e32 v31, 16, v31
	v_and_or_b32 v27, 0x8000, v57, v27
	v_lshlrev_b32_e32 v57, 13, v40
	v_add_f32_e32 v60, 0xb8800000, v60
	v_cndmask_b32_e64 v63, v63, v71, s1
	v_dual_add_f32 v88, 0xb8800000, v88 :: v_dual_lshlrev_b32 v71, 13, v23
	v_cmp_eq_u32_e64 s1, 0, v77
	v_cndmask_b32_e64 v64, v64, v66, s2
	v_cndmask_b32_e64 v58, v58, v84, s10
	v_and_b32_e32 v84, 0xfffe000, v47
	v_and_b32_e32 v47, 0xf800000, v47
	v_and_b32_e32 v91, 0xfffe000, v82
	v_and_b32_e32 v82, 0xf800000, v82
	v_cndmask_b32_e64 v42, v42, v93, s9
	v_add_nc_u32_e32 v93, 0x38000000, v83
	v_or_b32_e32 v41, 0x70000000, v83
	v_cndmask_b32_e32 v39, v86, v39, vcc_lo
	v_cmp_eq_u32_e32 vcc_lo, 0xf800000, v43
	v_and_or_b32 v24, 0x80000000, v24, v68
	v_add_nc_u32_e32 v68, 0x38000000, v90
	v_and_or_b32 v36, 0x80000000, v36, v75
	v_or_b32_e32 v75, 0x70000000, v90
	v_cmp_eq_u32_e64 s2, 0xf800000, v61
	v_lshlrev_b32_e32 v77, 13, v44
	v_cndmask_b32_e64 v60, v62, v60, s0
	v_cndmask_b32_e64 v63, v63, v88, s1
	v_and_b32_e32 v88, 0xfffe000, v57
	v_and_b32_e32 v57, 0xf800000, v57
	v_and_b32_e32 v92, 0xfffe000, v71
	v_and_b32_e32 v71, 0xf800000, v71
	v_dual_cndmask_b32 v41, v93, v41 :: v_dual_add_nc_u32 v86, 0x38000000, v84
	v_or_b32_e32 v93, 0x70000000, v84
	v_cmp_eq_u32_e64 s0, 0xf800000, v47
	v_and_or_b32 v31, 0x80000000, v31, v42
	v_add_nc_u32_e32 v42, 0x38000000, v91
	v_cndmask_b32_e64 v68, v68, v75, s2
	v_or_b32_e32 v75, 0x70000000, v91
	v_cmp_eq_u32_e64 s2, 0xf800000, v82
	v_dual_add_f32 v70, 0xb8800000, v70 :: v_dual_lshlrev_b32 v73, 13, v48
	v_cmp_eq_u32_e32 vcc_lo, 0, v43
	v_add_nc_u32_e32 v43, 0x38000000, v88
	v_cndmask_b32_e64 v86, v86, v93, s0
	v_or_b32_e32 v93, 0x70000000, v88
	v_cmp_eq_u32_e64 s0, 0, v47
	v_and_b32_e32 v47, 0xfffe000, v77
	v_and_b32_e32 v77, 0xf800000, v77
	v_cmp_eq_u32_e64 s1, 0xf800000, v57
	v_cndmask_b32_e64 v42, v42, v75, s2
	v_add_nc_u32_e32 v75, 0x38000000, v92
	v_cmp_eq_u32_e64 s2, 0, v82
	v_or_b32_e32 v82, 0x70000000, v92
	v_cmp_eq_u32_e64 s3, 0xf800000, v71
	v_lshlrev_b32_e32 v85, 13, v50
	v_cndmask_b32_e64 v67, v67, v70, s4
	v_cndmask_b32_e64 v43, v43, v93, s1
	v_and_b32_e32 v93, 0xfffe000, v73
	v_and_b32_e32 v73, 0xf800000, v73
	v_cndmask_b32_e64 v75, v75, v82, s3
	v_add_nc_u32_e32 v82, 0x38000000, v47
	v_cmp_eq_u32_e64 s3, 0, v71
	v_or_b32_e32 v71, 0x70000000, v47
	v_cmp_eq_u32_e64 s4, 0xf800000, v77
	v_dual_add_f32 v76, 0xb8800000, v76 :: v_dual_lshlrev_b32 v69, 16, v69
	v_lshlrev_b32_e32 v78, 13, v46
	v_cmp_eq_u32_e64 s1, 0, v57
	v_and_b32_e32 v57, 0xfffe000, v85
	v_and_b32_e32 v85, 0xf800000, v85
	v_cndmask_b32_e64 v71, v82, v71, s4
	v_add_nc_u32_e32 v82, 0x38000000, v93
	v_cmp_eq_u32_e64 s4, 0, v77
	v_or_b32_e32 v77, 0x70000000, v93
	v_cmp_eq_u32_e64 s5, 0xf800000, v73
	v_lshlrev_b32_e32 v28, 16, v28
	v_lshlrev_b32_e32 v87, 13, v52
	v_cndmask_b32_e64 v72, v72, v76, s6
	v_and_or_b32 v55, 0x80000000, v69, v55
	v_and_b32_e32 v69, 0xfffe000, v78
	v_and_b32_e32 v78, 0xf800000, v78
	v_cndmask_b32_e64 v77, v82, v77, s5
	v_add_nc_u32_e32 v82, 0x38000000, v57
	v_cmp_eq_u32_e64 s5, 0, v73
	v_or_b32_e32 v73, 0x70000000, v57
	v_cmp_eq_u32_e64 s6, 0xf800000, v85
	v_lshlrev_b32_e32 v54, 16, v54
	v_lshlrev_b32_e32 v81, 13, v27
	v_and_or_b32 v28, 0x80000000, v28, v60
	v_and_b32_e32 v60, 0xfffe000, v87
	v_and_b32_e32 v87, 0xf800000, v87
	v_cndmask_b32_e64 v73, v82, v73, s6
	v_add_nc_u32_e32 v82, 0x38000000, v69
	v_cmp_eq_u32_e64 s6, 0, v85
	v_or_b32_e32 v85, 0x70000000, v69
	v_cmp_eq_u32_e64 s7, 0xf800000, v78
	v_lshlrev_b32_e32 v32, 16, v32
	v_lshlrev_b32_e32 v74, 13, v56
	v_and_or_b32 v54, 0x80000000, v54, v64
	v_and_b32_e32 v64, 0xfffe000, v81
	v_and_b32_e32 v81, 0xf800000, v81
	v_cndmask_b32_e64 v82, v82, v85, s7
	v_add_nc_u32_e32 v85, 0x38000000, v60
	v_cmp_eq_u32_e64 s7, 0, v78
	v_or_b32_e32 v78, 0x70000000, v60
	v_cmp_eq_u32_e64 s8, 0xf800000, v87
	v_lshlrev_b32_e32 v79, 16, v79
	v_lshlrev_b32_e32 v89, 13, v21
	v_and_or_b32 v32, 0x80000000, v32, v67
	v_and_b32_e32 v67, 0xfffe000, v74
	v_and_b32_e32 v74, 0xf800000, v74
	v_cndmask_b32_e64 v78, v85, v78, s8
	v_add_nc_u32_e32 v85, 0x38000000, v64
	v_cmp_eq_u32_e64 s8, 0, v87
	v_or_b32_e32 v87, 0x70000000, v64
	v_cmp_eq_u32_e64 s9, 0xf800000, v81
	v_lshlrev_b32_e32 v34, 16, v34
	v_lshlrev_b32_e32 v59, 13, v35
	v_and_or_b32 v72, 0x80000000, v79, v72
	v_and_b32_e32 v79, 0xfffe000, v89
	v_and_b32_e32 v89, 0xf800000, v89
	v_cndmask_b32_e64 v85, v85, v87, s9
	v_add_nc_u32_e32 v87, 0x38000000, v67
	v_cmp_eq_u32_e64 s9, 0, v81
	v_or_b32_e32 v81, 0x70000000, v67
	v_cmp_eq_u32_e64 s10, 0xf800000, v74
	v_lshlrev_b32_e32 v45, 16, v45
	v_lshlrev_b32_e32 v62, 13, v37
	v_and_or_b32 v34, 0x80000000, v34, v80
	v_and_b32_e32 v80, 0xfffe000, v59
	v_and_b32_e32 v59, 0xf800000, v59
	v_cndmask_b32_e64 v81, v87, v81, s10
	v_add_nc_u32_e32 v87, 0x38000000, v79
	v_cmp_eq_u32_e64 s10, 0, v74
	v_or_b32_e32 v74, 0x70000000, v79
	v_cmp_eq_u32_e64 s11, 0xf800000, v89
	v_lshlrev_b32_e32 v22, 16, v22
	v_lshlrev_b32_e32 v66, 13, v25
	v_and_or_b32 v45, 0x80000000, v45, v58
	v_and_b32_e32 v58, 0xfffe000, v62
	v_and_b32_e32 v62, 0xf800000, v62
	v_cndmask_b32_e64 v74, v87, v74, s11
	v_add_nc_u32_e32 v87, 0x38000000, v80
	v_cmp_eq_u32_e64 s11, 0, v89
	v_or_b32_e32 v89, 0x70000000, v80
	v_cmp_eq_u32_e64 s12, 0xf800000, v59
	v_lshlrev_b32_e32 v53, 16, v53
	v_lshlrev_b32_e32 v70, 13, v26
	v_and_or_b32 v22, 0x80000000, v22, v63
	v_and_b32_e32 v63, 0xfffe000, v66
	v_and_b32_e32 v66, 0xf800000, v66
	v_cndmask_b32_e64 v87, v87, v89, s12
	v_add_nc_u32_e32 v89, 0x38000000, v58
	v_cmp_eq_u32_e64 s12, 0, v59
	v_or_b32_e32 v59, 0x70000000, v58
	v_cmp_eq_u32_e64 s13, 0xf800000, v62
	v_and_or_b32 v53, 0x80000000, v53, v65
	v_and_b32_e32 v65, 0xfffe000, v70
	v_and_b32_e32 v70, 0xf800000, v70
	v_cmp_eq_u32_e64 s15, 0xf800000, v66
	v_cndmask_b32_e64 v59, v89, v59, s13
	v_add_nc_u32_e32 v89, 0x38000000, v63
	v_cmp_eq_u32_e64 s13, 0, v62
	v_or_b32_e32 v62, 0x70000000, v63
	v_lshlrev_b32_e32 v76, 13, v29
	v_cmp_eq_u32_e64 s16, 0xf800000, v70
	v_add_nc_u32_e32 v83, 0x38800000, v83
	v_add_nc_u32_e32 v84, 0x38800000, v84
	v_cndmask_b32_e64 v62, v89, v62, s15
	v_add_nc_u32_e32 v89, 0x38000000, v65
	v_cmp_eq_u32_e64 s15, 0, v66
	v_or_b32_e32 v66, 0x70000000, v65
	v_add_f32_e32 v83, 0xb8800000, v83
	v_add_nc_u32_e32 v88, 0x38800000, v88
	v_add_nc_u32_e32 v91, 0x38800000, v91
	v_add_nc_u32_e32 v92, 0x38800000, v92
	v_cndmask_b32_e64 v66, v89, v66, s16
	v_and_b32_e32 v89, 0xfffe000, v76
	v_and_b32_e32 v76, 0xf800000, v76
	v_cmp_eq_u32_e64 s16, 0, v70
	v_add_nc_u32_e32 v47, 0x38800000, v47
	v_add_nc_u32_e32 v93, 0x38800000, v93
	v_add_nc_u32_e32 v70, 0x38000000, v89
	v_or_b32_e32 v94, 0x70000000, v89
	v_cmp_eq_u32_e64 s17, 0xf800000, v76
	v_add_nc_u32_e32 v57, 0x38800000, v57
	v_add_nc_u32_e32 v69, 0x38800000, v69
	v_add_nc_u32_e32 v60, 0x38800000, v60
	v_add_nc_u32_e32 v64, 0x38800000, v64
	v_add_nc_u32_e32 v67, 0x38800000, v67
	v_add_nc_u32_e32 v79, 0x38800000, v79
	v_add_nc_u32_e32 v80, 0x38800000, v80
	v_add_nc_u32_e32 v58, 0x38800000, v58
	v_add_nc_u32_e32 v63, 0x38800000, v63
	v_add_nc_u32_e32 v65, 0x38800000, v65
	v_cndmask_b32_e64 v70, v70, v94, s17
	v_lshlrev_b32_e32 v94, 16, v23
	v_lshlrev_b32_e32 v96, 16, v25
	v_add_nc_u32_e32 v23, 0x38800000, v90
	v_add_nc_u32_e32 v25, 0x38800000, v89
	v_add_f32_e32 v84, 0xb8800000, v84
	v_dual_add_f32 v88, 0xb8800000, v88 :: v_dual_add_f32 v91, 0xb8800000, v91
	v_dual_add_f32 v92, 0xb8800000, v92 :: v_dual_add_f32 v47, 0xb8800000, v47
	v_add_f32_e32 v93, 0xb8800000, v93
	v_add_f32_e32 v57, 0xb8800000, v57
	v_dual_add_f32 v69, 0xb8800000, v69 :: v_dual_add_f32 v60, 0xb8800000, v60
	v_dual_add_f32 v64, 0xb8800000, v64 :: v_dual_add_f32 v67, 0xb8800000, v67
	v_dual_add_f32 v79, 0xb8800000, v79 :: v_dual_add_f32 v80, 0xb8800000, v80
	v_dual_add_f32 v58, 0xb8800000, v58 :: v_dual_add_f32 v63, 0xb8800000, v63
	v_dual_add_f32 v65, 0xb8800000, v65 :: v_dual_lshlrev_b32 v30, 16, v30
	v_lshlrev_b32_e32 v95, 16, v27
	v_add_f32_e32 v23, 0xb8800000, v23
	v_add_f32_e32 v25, 0xb8800000, v25
	v_cmp_eq_u32_e64 s17, 0, v76
	v_cndmask_b32_e32 v27, v41, v83, vcc_lo
	v_cmp_eq_u32_e32 vcc_lo, 0, v61
	v_lshlrev_b32_e32 v38, 16, v38
	v_lshlrev_b32_e32 v33, 16, v33
	v_lshlrev_b32_e32 v40, 16, v40
	v_lshlrev_b32_e32 v49, 16, v49
	v_lshlrev_b32_e32 v51, 16, v51
	v_lshlrev_b32_e32 v44, 16, v44
	v_lshlrev_b32_e32 v48, 16, v48
	v_lshlrev_b32_e32 v50, 16, v50
	v_lshlrev_b32_e32 v46, 16, v46
	v_lshlrev_b32_e32 v52, 16, v52
	v_lshlrev_b32_e32 v56, 16, v56
	v_lshlrev_b32_e32 v21, 16, v21
	v_lshlrev_b32_e32 v35, 16, v35
	v_lshlrev_b32_e32 v37, 16, v37
	v_lshlrev_b32_e32 v97, 16, v26
	v_lshlrev_b32_e32 v29, 16, v29
	v_and_or_b32 v26, 0x80000000, v30, v39
	v_cndmask_b32_e64 v30, v86, v84, s0
	v_cndmask_b32_e64 v39, v43, v88, s1
	v_cvt_f16_f32_e32 v31, v31
	v_cvt_f16_f32_e32 v36, v36
	v_cvt_f16_f32_e32 v24, v24
	v_cvt_f16_f32_e32 v41, v53
	v_cvt_f16_f32_e32 v22, v22
	v_cvt_f16_f32_e32 v43, v45
	v_cvt_f16_f32_e32 v34, v34
	v_cvt_f16_f32_e32 v45, v72
	v_cvt_f16_f32_e32 v32, v32
	v_cvt_f16_f32_e32 v53, v54
	v_cndmask_b32_e32 v61, v68, v23, vcc_lo
	v_cndmask_b32_e64 v42, v42, v91, s2
	v_cndmask_b32_e64 v68, v75, v92, s3
	v_cndmask_b32_e64 v47, v71, v47, s4
	v_cndmask_b32_e64 v71, v77, v93, s5
	v_cndmask_b32_e64 v57, v73, v57, s6
	v_cndmask_b32_e64 v69, v82, v69, s7
	v_cndmask_b32_e64 v60, v78, v60, s8
	v_cndmask_b32_e64 v64, v85, v64, s9
	v_cndmask_b32_e64 v67, v81, v67, s10
	v_cndmask_b32_e64 v72, v74, v79, s11
	v_cndmask_b32_e64 v73, v87, v80, s12
	v_cndmask_b32_e64 v58, v59, v58, s13
	v_cndmask_b32_e64 v59, v62, v63, s15
	v_cndmask_b32_e64 v62, v66, v65, s16
	v_cndmask_b32_e64 v63, v70, v25, s17
	v_cvt_f16_f32_e32 v54, v28
	v_and_or_b32 v38, 0x80000000, v38, v27
	v_and_or_b32 v30, 0x80000000, v33, v30
	v_and_or_b32 v33, 0x80000000, v40, v39
	v_cvt_f16_f32_e32 v39, v26
	v_pack_b32_f16 v28, v36, v31
	v_pack_b32_f16 v27, v41, v24
	v_pack_b32_f16 v26, v43, v22
	v_pack_b32_f16 v25, v45, v34
	v_pack_b32_f16 v24, v53, v32
	v_and_or_b32 v22, 0x80000000, v49, v61
	v_and_or_b32 v31, 0x80000000, v51, v42
	v_and_or_b32 v32, 0x80000000, v94, v68
	v_and_or_b32 v34, 0x80000000, v44, v47
	v_and_or_b32 v36, 0x80000000, v48, v71
	v_and_or_b32 v40, 0x80000000, v50, v57
	v_and_or_b32 v41, 0x80000000, v46, v69
	v_and_or_b32 v42, 0x80000000, v52, v60
	v_and_or_b32 v43, 0x80000000, v95, v64
	v_and_or_b32 v44, 0x80000000, v56, v67
	v_and_or_b32 v21, 0x80000000, v21, v72
	v_and_or_b32 v35, 0x80000000, v35, v73
	v_and_or_b32 v37, 0x80000000, v37, v58
	v_and_or_b32 v45, 0x80000000, v96, v59
	v_and_or_b32 v29, 0x80000000, v29, v63
	v_and_or_b32 v46, 0x80000000, v97, v62
	v_cvt_f16_f32_e32 v55, v55
	v_cvt_f16_f32_e32 v33, v33
	v_cvt_f16_f32_e32 v30, v30
	v_cvt_f16_f32_e32 v38, v38
	v_cvt_f16_f32_e32 v29, v29
	v_cvt_f16_f32_e32 v46, v46
	v_cvt_f16_f32_e32 v45, v45
	v_cvt_f16_f32_e32 v37, v37
	v_cvt_f16_f32_e32 v47, v35
	v_cvt_f16_f32_e32 v48, v21
	v_cvt_f16_f32_e32 v44, v44
	v_cvt_f16_f32_e32 v43, v43
	v_cvt_f16_f32_e32 v42, v42
	v_cvt_f16_f32_e32 v41, v41
	v_cvt_f16_f32_e32 v40, v40
	v_cvt_f16_f32_e32 v49, v36
	v_cvt_f16_f32_e32 v50, v34
	v_cvt_f16_f32_e32 v51, v32
	v_cvt_f16_f32_e32 v52, v31
	v_cvt_f16_f32_e32 v53, v22
	v_pack_b32_f16 v23, v55, v54
	v_pack_b32_f16 v22, v30, v33
	v_pack_b32_f16 v21, v39, v38
	v_pack_b32_f16 v36, v46, v29
	v_pack_b32_f16 v35, v37, v45
	v_pack_b32_f16 v34, v48, v47
	v_pack_b32_f16 v33, v43, v44
	v_pack_b32_f16 v32, v41, v42
	v_pack_b32_f16 v31, v49, v40
	v_pack_b32_f16 v30, v51, v50
	v_pack_b32_f16 v29, v53, v52
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_wmma_f32_16x16x16_f16 v[37:44], v[29:36], v[21:28], v[1:8]
	v_dual_add_f32 v11, v11, v42 :: v_dual_add_f32 v16, v16, v37
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_dual_add_f32 v15, v15, v38 :: v_dual_add_f32 v14, v14, v39
	v_dual_add_f32 v13, v13, v40 :: v_dual_add_f32 v12, v12, v41
	s_delay_alu instid0(VALU_DEP_4)
	v_dual_add_f32 v10, v10, v43 :: v_dual_add_f32 v9, v9, v44
	s_cbranch_scc1 .LBB0_1
	v_and_b32_e32 v3, 0x7fffffff, v16
	s_mov_b32 s15, 0
	s_lshl_b64 s[0:1], s[26:27], 10
	s_lshl_b64 s[2:3], s[14:15], 4
	v_add_f32_e64 v6, |v16|, 0.5
	v_bfe_u32 v5, v3, 13, 1
	s_add_u32 s0, s0, s2
	s_addc_u32 s1, s1, s3
	v_or_b32_e32 v1, s0, v17
	v_or_b32_e64 v2, s1, 0
	v_add3_u32 v5, v3, v5, 0xc8000fff
	s_movk_i32 s0, 0x1ff
	v_add_f32_e64 v8, |v15|, 0.5
	v_and_b32_e32 v7, 0x7fffffff, v15
	v_add_f32_e64 v19, |v10|, 0.5
	v_lshrrev_b32_e32 v5, 13, v5
	v_lshlrev_b32_e32 v4, 3, v0
	v_lshlrev_b64 v[0:1], 1, v[1:2]
	v_and_b32_e32 v18, 0x7fffffff, v9
	v_add_f32_e64 v20, |v9|, 0.5
	v_lshrrev_b32_e32 v9, 16, v9
	v_and_b32_e32 v2, 0x80, v4
	v_lshrrev_b32_e32 v4, 13, v3
	s_waitcnt lgkmcnt(0)
	v_add_co_u32 v0, vcc_lo, s28, v0
	v_add_co_ci_u32_e32 v1, vcc_lo, s29, v1, vcc_lo
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_and_or_b32 v4, v4, s0, 0x7e00
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v3
	v_cndmask_b32_e32 v4, 0x7c00, v4, vcc_lo
	v_cmp_gt_u32_e32 vcc_lo, 0x38800000, v3
	v_cndmask_b32_e32 v5, v5, v6, vcc_lo
	v_add_co_u32 v0, vcc_lo, v0, v2
	v_add_co_ci_u32_e32 v1, vcc_lo, 0, v1, vcc_lo
	v_bfe_u32 v6, v7, 13, 1
	v_lshrrev_b32_e32 v2, 13, v7
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v3
	s_delay_alu instid0(VALU_DEP_2)
	v_and_or_b32 v2, v2, s0, 0x7e00
	v_cndmask_b32_e32 v3, v5, v4, vcc_lo
	v_add3_u32 v4, v7, v6, 0xc8000fff
	v_and_b32_e32 v6, 0x7fffffff, v14
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v7
	v_lshrrev_b32_e32 v5, 16, v16
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_lshrrev_b32_e32 v4, 13, v4
	v_bfe_u32 v16, v6, 13, 1
	v_cndmask_b32_e32 v2, 0x7c00, v2, vcc_lo
	v_cmp_gt_u32_e32 vcc_lo, 0x38800000, v7
	v_and_or_b32 v3, 0x8000, v5, v3
	v_lshrrev_b32_e32 v5, 13, v6
	v_cndmask_b32_e32 v4, v4, v8, vcc_lo
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v7
	v_add3_u32 v8, v6, v16, 0xc8000fff
	s_delay_alu instid0(VALU_DEP_4)
	v_and_or_b32 v5, v5, s0, 0x7e00
	v_add_f32_e64 v7, |v14|, 0.5
	v_cndmask_b32_e32 v2, v4, v2, vcc_lo
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v6
	v_lshrrev_b32_e32 v8, 13, v8
	v_lshrrev_b32_e32 v4, 16, v15
	v_cndmask_b32_e32 v5, 0x7c00, v5, vcc_lo
	v_cmp_gt_u32_e32 vcc_lo, 0x38800000, v6
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_2)
	v_and_or_b32 v2, 0x8000, v4, v2
	v_cndmask_b32_e32 v7, v8, v7, vcc_lo
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v6
	v_cndmask_b32_e32 v5, v7, v5, vcc_lo
	v_lshrrev_b32_e32 v7, 16, v14
	v_add_f32_e64 v14, |v13|, 0.5
	v_and_b32_e32 v15, 0x7fffffff, v13
	v_lshrrev_b32_e32 v13, 16, v13
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_2) | instid1(VALU_DEP_3)
	v_bfe_u32 v8, v15, 13, 1
	v_lshrrev_b32_e32 v4, 13, v15
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v15
	v_add3_u32 v6, v15, v8, 0xc8000fff
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_4)
	v_and_or_b32 v4, v4, s0, 0x7e00
	v_and_b32_e32 v8, 0x7fffffff, v12
	v_and_or_b32 v5, 0x8000, v7, v5
	v_lshrrev_b32_e32 v6, 13, v6
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_cndmask_b32_e32 v4, 0x7c00, v4, vcc_lo
	v_bfe_u32 v16, v8, 13, 1
	v_cmp_gt_u32_e32 vcc_lo, 0x38800000, v15
	s_delay_alu instid0(VALU_DEP_2)
	v_add3_u32 v7, v8, v16, 0xc8000fff
	v_cndmask_b32_e32 v6, v6, v14, vcc_lo
	v_lshrrev_b32_e32 v14, 13, v8
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v15
	v_add_f32_e64 v15, |v12|, 0.5
	v_lshrrev_b32_e32 v7, 13, v7
	v_cndmask_b32_e32 v4, v6, v4, vcc_lo
	v_and_or_b32 v6, v14, s0, 0x7e00
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v8
	v_and_b32_e32 v14, 0x7fffffff, v11
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_cndmask_b32_e32 v6, 0x7c00, v6, vcc_lo
	v_cmp_gt_u32_e32 vcc_lo, 0x38800000, v8
	v_bfe_u32 v16, v14, 13, 1
	v_cndmask_b32_e32 v7, v7, v15, vcc_lo
	v_lshrrev_b32_e32 v15, 13, v14
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v8
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_1) | instid1(VALU_DEP_4)
	v_add3_u32 v16, v14, v16, 0xc8000fff
	v_and_or_b32 v4, 0x8000, v13, v4
	v_and_or_b32 v8, v15, s0, 0x7e00
	v_cndmask_b32_e32 v6, v7, v6, vcc_lo
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v14
	v_lshrrev_b32_e32 v7, 16, v12
	v_add_f32_e64 v12, |v11|, 0.5
	v_lshrrev_b32_e32 v15, 13, v16
	v_and_b32_e32 v16, 0x7fffffff, v10
	v_cndmask_b32_e32 v8, 0x7c00, v8, vcc_lo
	v_cmp_gt_u32_e32 vcc_lo, 0x38800000, v14
	v_lshrrev_b32_e32 v11, 16, v11
	v_lshrrev_b32_e32 v10, 16, v10
	v_bfe_u32 v17, v16, 13, 1
	v_and_or_b32 v6, 0x8000, v7, v6
	v_cndmask_b32_e32 v12, v15, v12, vcc_lo
	v_lshrrev_b32_e32 v15, 13, v16
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v14
	v_bfe_u32 v14, v18, 13, 1
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_cndmask_b32_e32 v8, v12, v8, vcc_lo
	v_and_or_b32 v12, v15, s0, 0x7e00
	v_add3_u32 v15, v16, v17, 0xc8000fff
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v16
	v_lshrrev_b32_e32 v17, 13, v18
	v_add3_u32 v14, v18, v14, 0xc8000fff
	v_and_or_b32 v7, 0x8000, v11, v8
	v_lshrrev_b32_e32 v15, 13, v15
	v_cndmask_b32_e32 v12, 0x7c00, v12, vcc_lo
	v_cmp_gt_u32_e32 vcc_lo, 0x38800000, v16
	v_and_or_b32 v17, v17, s0, 0x7e00
	v_lshrrev_b32_e32 v14, 13, v14
	v_cndmask_b32_e32 v15, v15, v19, vcc_lo
	v_cmp_lt_u32_e32 vcc_lo, 0x7f800000, v18
	s_delay_alu instid0(VALU_DEP_4)
	v_cndmask_b32_e32 v17, 0x7c00, v17, vcc_lo
	v_cmp_gt_u32_e32 vcc_lo, 0x38800000, v18
	v_cndmask_b32_e32 v14, v14, v20, vcc_lo
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v16
	v_cndmask_b32_e32 v12, v15, v12, vcc_lo
	v_cmp_lt_u32_e32 vcc_lo, 0x477fffff, v18
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_and_or_b32 v8, 0x8000, v10, v12
	v_cndmask_b32_e32 v14, v14, v17, vcc_lo
	v_and_or_b32 v9, 0x8000, v9, v14
	s_clause 0x7
	global_store_b16 v[0:1], v3, off
	global_store_b16 v[0:1], v2, off offset:256
	global_store_b16 v[0:1], v5, off offset:512
	global_store_b16 v[0:1], v4, off offset:768
	global_store_b16 v[0:1], v6, off offset:1024
	global_store_b16 v[0:1], v7, off offset:1280
	global_store_b16 v[0:1], v8, off offset:1536
	global_store_b16 v[0:1], v9, off offset:1792
	s_nop 0
	s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel r_4_4_32_4_8
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
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 108
		.amdhsa_next_free_sgpr 36
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
	.size	r_4_4_32_4_8, .Lfunc_end0-r_4_4_32_4_8

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
    .max_flat_workgroup_size: 32
    .name:           r_4_4_32_4_8
    .private_segment_fixed_size: 0
    .sgpr_count:     38
    .sgpr_spill_count: 0
    .symbol:         r_4_4_32_4_8.kd
    .uses_dynamic_stack: false
    .vgpr_count:     108
    .vgpr_spill_count: 0
    .wavefront_size: 32
    .workgroup_processor_mode: 1
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
