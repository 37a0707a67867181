# trn_tablegen(OUTPUT BACKEND): generate OUTPUT (under build/gen) from
# isa/Trn.td with trn-tblgen --BACKEND. The depfile tracks every included
# .td, so editing any of them regenerates.
function(trn_tablegen OUTPUT BACKEND)
  set(out ${TRN_GEN_DIR}/${OUTPUT})
  add_custom_command(OUTPUT ${out}
    COMMAND trn-tblgen --${BACKEND} -I ${TRN_ISA_DIR} ${TRN_ISA_DIR}/Trn.td
            -o ${out} -d ${out}.d --write-if-changed
    DEPENDS trn-tblgen ${TRN_ISA_DIR}/Trn.td
    DEPFILE ${out}.d
    COMMENT "trn-tblgen --${BACKEND}: ${OUTPUT}"
    VERBATIM)
endfunction()
