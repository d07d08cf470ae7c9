/**
 * The uverbs ABI as data: constants, struct layouts and the attribute schema, with no behaviour;
 * also the rdma_cm {@code write()} ABI ({@link dev.sluice.rdmaproxy.abi.RdmaCmAbi}). Handlers live
 * in {@code dev.sluice.rdmaproxy}; vendor plugins in their own subpackages.
 *
 * <p>Sources. Constants and layouts come from the uapi rdma headers of Debian's linux-libc-dev
 * 6.1.187 ({@code /usr/include/rdma}); each class names its header. The method schemas ({@link
 * dev.sluice.rdmaproxy.abi.UverbsSchema}, {@link dev.sluice.rdmaproxy.abi.Mlx5Schema}) and the
 * registered write commands come from the kernel sources of Debian's linux-source-6.1 6.1.192,
 * whose uapi rdma headers match the ones above. The one exception is {@link
 * dev.sluice.rdmaproxy.abi.EfaIds}: the efa MR query method came after 6.1, so its ids and its
 * schema ({@link dev.sluice.rdmaproxy.abi.EfaSchema}) come from the later efa-abi.h and efa_verbs.c
 * that added it and are not in the dump.
 *
 * <p>Conventions, which the layout test relies on:
 *
 * <ul>
 *   <li>A header constant keeps its C name as the Java field name ({@code UVERBS_OBJECT_MR}), so it
 *       can be grepped in the header and compared by name with {@code sluice-rdma-abi-dump}.
 *   <li>A struct is a nested class with {@code C_TYPE} (the struct tag), {@code SIZE} and one
 *       {@code OFF_<FIELD>} per member in C field order, explicit padding and reserved fields
 *       included; a member of a nested struct or union is {@code OFF_<OUTER>_<INNER>}. Flexible
 *       array members have an offset (equal to {@code SIZE} or less) and no size.
 *   <li>Every such constant has a line in the dump, compiled from the real headers; {@code
 *       RdmaAbiLayoutTest} fails on any difference and on any constant without a line.
 *   <li>Facts that are kernel-internal, not uapi (the attribute kinds, access modes, {@code
 *       UVERBS_IDR_ANY_OBJECT}, firmware struct sizes), live with the schemas and say where they
 *       come from; rdma_cm's ({@code sockaddr_ib}, event numbers, CM limits) are in {@link
 *       dev.sluice.rdmaproxy.abi.RdmaCmKernel}.
 * </ul>
 */
package dev.sluice.rdmaproxy.abi;
