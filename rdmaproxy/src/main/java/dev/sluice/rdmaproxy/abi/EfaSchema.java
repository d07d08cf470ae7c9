package dev.sluice.rdmaproxy.abi;

import static dev.sluice.rdmaproxy.abi.EfaIds.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.UVERBS_OBJECT_MR;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.idr;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.out;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.type;

import dev.sluice.rdmaproxy.abi.UverbsSchema.Access;
import dev.sluice.rdmaproxy.abi.UverbsSchema.Attr;
import dev.sluice.rdmaproxy.abi.UverbsSchema.Method;

import java.util.List;

/**
 * The efa driver-namespace schema as data, in the shape of {@link UverbsSchema}: the method efa
 * registers on a core object. The 6.1 driver registers none; the MR query below is declared as the
 * commit that added it declares it (drivers/infiniband/hw/efa/efa_verbs.c, {@code
 * DECLARE_UVERBS_NAMED_METHOD(EFA_IB_METHOD_MR_QUERY, ...)} chained to {@code UVERBS_OBJECT_MR}):
 * the MR's handle with READ access and four mandatory u16 outputs. efa adds no attributes to core
 * methods in 6.1.
 */
public final class EfaSchema {
    private static final boolean MANDATORY = true;

    /** The methods efa registers on core objects. */
    public static final List<Method> METHODS =
            List.of(
                    m(
                            UVERBS_OBJECT_MR,
                            EFA_IB_METHOD_MR_QUERY,
                            idr(
                                    EFA_IB_ATTR_QUERY_MR_HANDLE,
                                    UVERBS_OBJECT_MR,
                                    Access.READ,
                                    MANDATORY),
                            out(EFA_IB_ATTR_QUERY_MR_RESP_IC_ID_VALIDITY, type(2), MANDATORY),
                            out(EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID, type(2), MANDATORY),
                            out(EFA_IB_ATTR_QUERY_MR_RESP_RDMA_READ_IC_ID, type(2), MANDATORY),
                            out(EFA_IB_ATTR_QUERY_MR_RESP_RDMA_RECV_IC_ID, type(2), MANDATORY)));

    private static Method m(int object, int method, Attr... attrs) {
        return UverbsSchema.method(
                k -> METHOD_NAMES.getOrDefault(k, UverbsMethods.NAMES.get(k)),
                ATTR_NAMES::get,
                object,
                method,
                attrs);
    }

    private EfaSchema() {}
}
