package dev.sluice.rdmaproxy.abi;

import static dev.sluice.rdmaproxy.abi.UverbsObjects.UVERBS_OBJECT_MR;

import java.util.Map;

/**
 * EFA driver-namespace ids: the one method efa adds to a core object, {@code
 * EFA_IB_METHOD_MR_QUERY} on {@code UVERBS_OBJECT_MR} ({@code efadv_query_mr}), and its attributes.
 * efa registers no objects of its own.
 *
 * <p>These ids are <b>not</b> in the 6.1 efa-abi.h of linux-libc-dev 6.1.187 (the 6.1 driver
 * registers no driver-namespace method at all). They come from {@code enum efa_mr_methods} and
 * {@code enum efa_query_mr_attrs} of the efa-abi.h that the upstream commit 2307157c8509
 * ("RDMA/efa: Add EFA query MR support", Linux 6.8) added, as rdma-core carries it in
 * kernel-headers/rdma/efa-abi.h: both enums start at {@code 1U << UVERBS_ID_NS_SHIFT} (0x1000) and
 * count up. The C dump, compiled against the 6.1 header, cannot print them, so they are not in
 * {@code RdmaAbiLayoutTest}'s classes; {@code UverbsNameTablesTest} checks the tables against the
 * constants and the namespace rule.
 */
public final class EfaIds {
    // From efa-abi.h of Linux 6.8 and later (not in linux-libc-dev 6.1.187)

    // enum efa_mr_methods
    public static final int EFA_IB_METHOD_MR_QUERY = 0x1000;

    // enum efa_query_mr_attrs
    public static final int EFA_IB_ATTR_QUERY_MR_HANDLE = 0x1000;
    public static final int EFA_IB_ATTR_QUERY_MR_RESP_IC_ID_VALIDITY = 0x1001;
    public static final int EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID = 0x1002;
    public static final int EFA_IB_ATTR_QUERY_MR_RESP_RDMA_READ_IC_ID = 0x1003;
    public static final int EFA_IB_ATTR_QUERY_MR_RESP_RDMA_RECV_IC_ID = 0x1004;

    /** Driver object id -> C name: none, efa adds methods to core objects only. */
    public static final Map<Integer, String> OBJECT_NAMES = Map.of();

    /** (object, method) -> C name of every efa method. */
    public static final Map<UverbsMethods.Key, String> METHOD_NAMES =
            Map.of(
                    new UverbsMethods.Key(UVERBS_OBJECT_MR, EFA_IB_METHOD_MR_QUERY),
                    "EFA_IB_METHOD_MR_QUERY");

    /** (object, method, attr) -> C name of every efa attribute. */
    public static final Map<UverbsAttrs.Key, String> ATTR_NAMES =
            Map.of(
                    mrQuery(EFA_IB_ATTR_QUERY_MR_HANDLE), "EFA_IB_ATTR_QUERY_MR_HANDLE",
                    mrQuery(EFA_IB_ATTR_QUERY_MR_RESP_IC_ID_VALIDITY),
                            "EFA_IB_ATTR_QUERY_MR_RESP_IC_ID_VALIDITY",
                    mrQuery(EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID),
                            "EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID",
                    mrQuery(EFA_IB_ATTR_QUERY_MR_RESP_RDMA_READ_IC_ID),
                            "EFA_IB_ATTR_QUERY_MR_RESP_RDMA_READ_IC_ID",
                    mrQuery(EFA_IB_ATTR_QUERY_MR_RESP_RDMA_RECV_IC_ID),
                            "EFA_IB_ATTR_QUERY_MR_RESP_RDMA_RECV_IC_ID");

    private static UverbsAttrs.Key mrQuery(int attr) {
        return new UverbsAttrs.Key(UVERBS_OBJECT_MR, EFA_IB_METHOD_MR_QUERY, attr);
    }

    private EfaIds() {}
}
