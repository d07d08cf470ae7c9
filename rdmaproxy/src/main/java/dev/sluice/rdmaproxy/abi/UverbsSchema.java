package dev.sluice.rdmaproxy.abi;

import static dev.sluice.rdmaproxy.abi.UverbsAttrs.*;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The core uverbs method schema as data: for each (object, method) the kernel registers, the
 * attributes it accepts, each with its kind, whether it is mandatory, its size rule and, for
 * handles, the object type and access. Nothing here acts on a call; a parser reads these tables.
 *
 * <p>Derived from the method declarations (DECLARE_UVERBS_NAMED_METHOD and friends) in
 * drivers/infiniband/core/uverbs_std_types*.c and the attribute macros of
 * include/rdma/uverbs_ioctl.h of the Debian linux-source-6.1 package, version 6.1.192 (its uapi
 * rdma headers match the installed linux-libc-dev 6.1.187). Driver-namespace schemas live with the
 * driver ({@link Mlx5Schema}).
 *
 * <p>How the kernel reads the size rule (uverbs_ioctl.c): a PTR_IN/PTR_OUT attribute shorter than
 * {@link Attr#minLen()} is EINVAL; one longer than {@link Attr#len()} is EINVAL unless {@link
 * Attr#zeroTrailing()}, in which case the excess of a PTR_IN must be zero (else EOPNOTSUPP). Data
 * of at most {@link #INLINE_MAX} bytes travels inline in {@code ib_uverbs_attr.data}; longer data
 * is a user pointer. CONST_IN and FLAGS_IN are PTR_IN on the wire (8 bytes; 4 or 8 bytes); their
 * own kinds here say how the kernel reads the value.
 *
 * <p>Not in the tables: the ESP flow-action methods ({@link #NOT_REGISTERED}); COMP_CHANNEL has no
 * method at all. No core attribute uses access WRITE, RAW_FD, ENUM_IN or IDRS_ARRAY in 6.1; the
 * kinds exist for driver schemas (mlx5 uses RAW_FD, ENUM_IN and IDRS_ARRAY).
 *
 * <p>Not derived, or not machine-checked: the attribute kinds, access modes, {@link #INLINE_MAX}
 * and {@link #UVERBS_IDR_ANY_OBJECT} are kernel-internal (include/rdma/uverbs_ioctl.h is not uapi),
 * so the dump helper cannot print them; they were read from the 6.1.192 source. Which attributes a
 * method really uses at run time beyond what it declares (for example which udata a driver reads
 * from UHW_IN) is not in the declarations and not here. Schemas of drivers other than mlx5 (efa,
 * bnxt_re, irdma, ...) are not written; rxe has no driver-namespace methods.
 */
public final class UverbsSchema {
    /** How the kernel parses an attribute (enum uverbs_attr_type plus the two PTR_IN flavours). */
    public enum AttrType {
        /** Bytes from user space, inline when at most 8. */
        PTR_IN,
        /** Bytes the kernel writes back to the user pointer. */
        PTR_OUT,
        /**
         * A uobject handle number (u32 in {@code data}); NEW means the kernel writes the new handle
         * back.
         */
        IDR,
        /**
         * A uverbs fd object (completion channel, async event file, ...); NEW means the kernel
         * returns a new fd.
         */
        FD,
        /**
         * A plain file descriptor the kernel resolves in the caller's fd table, such as the dma-buf
         * fd of REG_DMABUF_MR. Two encodings: a kernel RAW_FD attribute (mlx5's
         * DEVX_UMEM_REG_DMABUF_FD) has {@code minLen == len == 0} and the fd in {@code data_s64};
         * REG_DMABUF_MR's fd is declared as a PTR_IN u32 in 6.1, so it has {@code minLen == len ==
         * 4} and the fd is the inline u32 (see {@link Attr#fdInline()}).
         */
        RAW_FD,
        /** One of several PTR_IN specs, chosen by {@code attr_data.enum_data.elem_id}. */
        ENUM_IN,
        /**
         * PTR_IN of exactly 8 bytes holding one value of an enum ({@code UVERBS_ATTR_CONST_IN}).
         */
        CONST_IN,
        /** PTR_IN of 4 or 8 bytes holding a bit mask ({@code UVERBS_ATTR_FLAGS_IN}). */
        FLAGS_IN,
        /** An array of u32 handles; min/len count elements, not bytes. */
        IDRS_ARRAY
    }

    /**
     * enum uverbs_obj_access (include/rdma/uverbs_ioctl.h); NONE for attributes that are not
     * handles.
     */
    public enum Access {
        NONE,
        READ,
        WRITE,
        NEW,
        DESTROY
    }

    /**
     * USHRT_MAX: the {@code len} of {@code UVERBS_ATTR_MIN_SIZE}, "no upper bound" for a u16
     * length.
     */
    public static final int LEN_UNBOUNDED = 0xffff;

    /** Pointer data of at most this many bytes is carried inline (uverbs_attr_ptr_is_inline). */
    public static final int INLINE_MAX = 8;

    /**
     * The object type of an IDR attribute that accepts any object (include/rdma/uverbs_ioctl.h).
     */
    public static final int UVERBS_IDR_ANY_OBJECT = 0xffff;

    /** Marks {@link Attr#objectType()} of attributes that are not handles. */
    public static final int NO_OBJECT = -1;

    /**
     * One attribute of a method.
     *
     * @param id attribute id
     * @param name its C name
     * @param type how the kernel parses it
     * @param mandatory whether the kernel fails the call without it
     * @param minLen least length (bytes; elements for IDRS_ARRAY); 0 for IDR/FD/RAW_FD
     * @param len largest length the kernel knows ({@link #LEN_UNBOUNDED} for MIN_SIZE)
     * @param zeroTrailing whether longer input is accepted when the excess is zero
     * @param objectType the object of an IDR, FD or IDRS_ARRAY attribute, else {@link #NO_OBJECT}
     * @param access what the method does to that object
     * @param elements for ENUM_IN, the PTR_IN spec of each element id (index = elem_id), else empty
     */
    public record Attr(
            int id,
            String name,
            AttrType type,
            boolean mandatory,
            int minLen,
            int len,
            boolean zeroTrailing,
            int objectType,
            Access access,
            List<Attr> elements) {
        public Attr {
            elements = List.copyOf(elements);
        }

        /**
         * Whether this is a RAW_FD carried as an inline PTR_IN u32 rather than in {@code data_s64}.
         */
        public boolean fdInline() {
            return type == AttrType.RAW_FD && len > 0;
        }

        /** A copy with its C name filled in. */
        Attr named(String n) {
            return new Attr(
                    id,
                    n,
                    type,
                    mandatory,
                    minLen,
                    len,
                    zeroTrailing,
                    objectType,
                    access,
                    elements);
        }
    }

    /** One method: its key, C name and attributes in declaration order. */
    public record Method(int object, int method, String name, List<Attr> attrs) {
        public Method {
            attrs = List.copyOf(attrs);
        }

        public UverbsMethods.Key key() {
            return new UverbsMethods.Key(object, method);
        }

        public Optional<Attr> attr(int id) {
            return attrs.stream().filter(a -> a.id() == id).findFirst();
        }
    }

    /** Objects whose handles are file descriptors (UVERBS_TYPE_ALLOC_FD), not IDR numbers. */
    public static final Set<Integer> FD_OBJECTS =
            Set.of(UVERBS_OBJECT_COMP_CHANNEL, UVERBS_OBJECT_ASYNC_EVENT);

    /** Methods numbered in ib_user_ioctl_cmds.h that the 6.1 kernel does not register, with why. */
    public static final Map<UverbsMethods.Key, String> NOT_REGISTERED =
            Map.of(
                    new UverbsMethods.Key(
                            UVERBS_OBJECT_FLOW_ACTION, UVERBS_METHOD_FLOW_ACTION_ESP_CREATE),
                    "ESP flow actions were removed from the kernel; uverbs_std_types_flow_action.c registers only DESTROY",
                    new UverbsMethods.Key(
                            UVERBS_OBJECT_FLOW_ACTION, UVERBS_METHOD_FLOW_ACTION_ESP_MODIFY),
                    "ESP flow actions were removed from the kernel; uverbs_std_types_flow_action.c registers only DESTROY");

    private static final boolean MANDATORY = true;
    private static final boolean OPTIONAL = false;

    /** Every core method the 6.1 kernel registers, grouped by object. */
    public static final List<Method> CORE =
            List.of(
                    // uverbs_std_types_device.c (global methods of DEVICE)
                    m(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_INVOKE_WRITE,
                            constIn(UVERBS_ATTR_WRITE_CMD, MANDATORY),
                            in(UVERBS_ATTR_CORE_IN, minSize(4), OPTIONAL),
                            out(UVERBS_ATTR_CORE_OUT, minSize(0), OPTIONAL),
                            uhwIn(),
                            uhwOut()),
                    m(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_INFO_HANDLES,
                            constIn(UVERBS_ATTR_INFO_OBJECT_ID, MANDATORY),
                            out(UVERBS_ATTR_INFO_TOTAL_HANDLES, type(4), OPTIONAL),
                            out(UVERBS_ATTR_INFO_HANDLES_LIST, minSize(4), OPTIONAL)),
                    m(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_QUERY_PORT,
                            constIn(UVERBS_ATTR_QUERY_PORT_PORT_NUM, MANDATORY),
                            out(
                                    UVERBS_ATTR_QUERY_PORT_RESP,
                                    struct(
                                            UverbsAttrStructs.QueryPortRespEx.SIZE,
                                            UverbsAttrStructs.QueryPortRespEx.SIZE),
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_GET_CONTEXT,
                            out(UVERBS_ATTR_GET_CONTEXT_NUM_COMP_VECTORS, type(4), OPTIONAL),
                            out(UVERBS_ATTR_GET_CONTEXT_CORE_SUPPORT, type(8), OPTIONAL),
                            uhwIn(),
                            uhwOut()),
                    m(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_QUERY_CONTEXT,
                            out(UVERBS_ATTR_QUERY_CONTEXT_NUM_COMP_VECTORS, type(4), OPTIONAL),
                            out(UVERBS_ATTR_QUERY_CONTEXT_CORE_SUPPORT, type(8), OPTIONAL)),
                    m(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_QUERY_GID_TABLE,
                            constIn(UVERBS_ATTR_QUERY_GID_TABLE_ENTRY_SIZE, MANDATORY),
                            flagsIn(UVERBS_ATTR_QUERY_GID_TABLE_FLAGS, OPTIONAL),
                            out(UVERBS_ATTR_QUERY_GID_TABLE_RESP_ENTRIES, minSize(0), MANDATORY),
                            out(UVERBS_ATTR_QUERY_GID_TABLE_RESP_NUM_ENTRIES, type(8), MANDATORY)),
                    m(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_QUERY_GID_ENTRY,
                            constIn(UVERBS_ATTR_QUERY_GID_ENTRY_PORT, MANDATORY),
                            constIn(UVERBS_ATTR_QUERY_GID_ENTRY_GID_INDEX, MANDATORY),
                            flagsIn(UVERBS_ATTR_QUERY_GID_ENTRY_FLAGS, MANDATORY),
                            out(
                                    UVERBS_ATTR_QUERY_GID_ENTRY_RESP_ENTRY,
                                    struct(
                                            UverbsAttrStructs.GidEntry.SIZE,
                                            UverbsAttrStructs.GidEntry.SIZE),
                                    MANDATORY)),

                    // uverbs_std_types.c
                    m(
                            UVERBS_OBJECT_PD,
                            UVERBS_METHOD_PD_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_PD_HANDLE,
                                    UVERBS_OBJECT_PD,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_AH,
                            UVERBS_METHOD_AH_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_AH_HANDLE,
                                    UVERBS_OBJECT_AH,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_MW,
                            UVERBS_METHOD_MW_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_MW_HANDLE,
                                    UVERBS_OBJECT_MW,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_FLOW,
                            UVERBS_METHOD_FLOW_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_FLOW_HANDLE,
                                    UVERBS_OBJECT_FLOW,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_XRCD,
                            UVERBS_METHOD_XRCD_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_XRCD_HANDLE,
                                    UVERBS_OBJECT_XRCD,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_RWQ_IND_TBL,
                            UVERBS_METHOD_RWQ_IND_TBL_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_RWQ_IND_TBL_HANDLE,
                                    UVERBS_OBJECT_RWQ_IND_TBL,
                                    Access.DESTROY,
                                    MANDATORY)),

                    // uverbs_std_types_mr.c
                    m(
                            UVERBS_OBJECT_MR,
                            UVERBS_METHOD_DM_MR_REG,
                            idr(
                                    UVERBS_ATTR_REG_DM_MR_HANDLE,
                                    UVERBS_OBJECT_MR,
                                    Access.NEW,
                                    MANDATORY),
                            in(UVERBS_ATTR_REG_DM_MR_OFFSET, type(8), MANDATORY),
                            in(UVERBS_ATTR_REG_DM_MR_LENGTH, type(8), MANDATORY),
                            idr(
                                    UVERBS_ATTR_REG_DM_MR_PD_HANDLE,
                                    UVERBS_OBJECT_PD,
                                    Access.READ,
                                    MANDATORY),
                            flagsIn(UVERBS_ATTR_REG_DM_MR_ACCESS_FLAGS, OPTIONAL),
                            idr(
                                    UVERBS_ATTR_REG_DM_MR_DM_HANDLE,
                                    UVERBS_OBJECT_DM,
                                    Access.READ,
                                    MANDATORY),
                            out(UVERBS_ATTR_REG_DM_MR_RESP_LKEY, type(4), MANDATORY),
                            out(UVERBS_ATTR_REG_DM_MR_RESP_RKEY, type(4), MANDATORY)),
                    m(
                            UVERBS_OBJECT_MR,
                            UVERBS_METHOD_MR_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_MR_HANDLE,
                                    UVERBS_OBJECT_MR,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_MR,
                            UVERBS_METHOD_ADVISE_MR,
                            idr(
                                    UVERBS_ATTR_ADVISE_MR_PD_HANDLE,
                                    UVERBS_OBJECT_PD,
                                    Access.READ,
                                    MANDATORY),
                            constIn(UVERBS_ATTR_ADVISE_MR_ADVICE, MANDATORY),
                            flagsIn(UVERBS_ATTR_ADVISE_MR_FLAGS, MANDATORY),
                            in(
                                    UVERBS_ATTR_ADVISE_MR_SGE_LIST,
                                    minSize(UverbsAttrStructs.Sge.SIZE),
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_MR,
                            UVERBS_METHOD_QUERY_MR,
                            idr(
                                    UVERBS_ATTR_QUERY_MR_HANDLE,
                                    UVERBS_OBJECT_MR,
                                    Access.READ,
                                    MANDATORY),
                            out(UVERBS_ATTR_QUERY_MR_RESP_RKEY, type(4), MANDATORY),
                            out(UVERBS_ATTR_QUERY_MR_RESP_LKEY, type(4), MANDATORY),
                            out(UVERBS_ATTR_QUERY_MR_RESP_LENGTH, type(8), MANDATORY),
                            out(UVERBS_ATTR_QUERY_MR_RESP_IOVA, type(8), OPTIONAL)),
                    // The dma-buf fd is a PTR_IN of a u32 in 6.1 (UVERBS_ATTR_TYPE(u32)), not a
                    // RAW_FD attribute:
                    // the kernel reads the number and resolves it with dma_buf_get() in the
                    // caller's fd table.
                    // It is recorded as RAW_FD because that is what it means: a plain host fd the
                    // proxy must
                    // translate from the guest's fd number before the call.
                    m(
                            UVERBS_OBJECT_MR,
                            UVERBS_METHOD_REG_DMABUF_MR,
                            idr(
                                    UVERBS_ATTR_REG_DMABUF_MR_HANDLE,
                                    UVERBS_OBJECT_MR,
                                    Access.NEW,
                                    MANDATORY),
                            idr(
                                    UVERBS_ATTR_REG_DMABUF_MR_PD_HANDLE,
                                    UVERBS_OBJECT_PD,
                                    Access.READ,
                                    MANDATORY),
                            in(UVERBS_ATTR_REG_DMABUF_MR_OFFSET, type(8), MANDATORY),
                            in(UVERBS_ATTR_REG_DMABUF_MR_LENGTH, type(8), MANDATORY),
                            in(UVERBS_ATTR_REG_DMABUF_MR_IOVA, type(8), MANDATORY),
                            fdInU32(UVERBS_ATTR_REG_DMABUF_MR_FD, MANDATORY),
                            flagsIn(UVERBS_ATTR_REG_DMABUF_MR_ACCESS_FLAGS, OPTIONAL),
                            out(UVERBS_ATTR_REG_DMABUF_MR_RESP_LKEY, type(4), MANDATORY),
                            out(UVERBS_ATTR_REG_DMABUF_MR_RESP_RKEY, type(4), MANDATORY)),

                    // uverbs_std_types_cq.c
                    m(
                            UVERBS_OBJECT_CQ,
                            UVERBS_METHOD_CQ_CREATE,
                            idr(
                                    UVERBS_ATTR_CREATE_CQ_HANDLE,
                                    UVERBS_OBJECT_CQ,
                                    Access.NEW,
                                    MANDATORY),
                            in(UVERBS_ATTR_CREATE_CQ_CQE, type(4), MANDATORY),
                            in(UVERBS_ATTR_CREATE_CQ_USER_HANDLE, type(8), MANDATORY),
                            fd(
                                    UVERBS_ATTR_CREATE_CQ_COMP_CHANNEL,
                                    UVERBS_OBJECT_COMP_CHANNEL,
                                    Access.READ,
                                    OPTIONAL),
                            in(UVERBS_ATTR_CREATE_CQ_COMP_VECTOR, type(4), MANDATORY),
                            flagsIn(UVERBS_ATTR_CREATE_CQ_FLAGS, OPTIONAL),
                            out(UVERBS_ATTR_CREATE_CQ_RESP_CQE, type(4), MANDATORY),
                            fd(
                                    UVERBS_ATTR_CREATE_CQ_EVENT_FD,
                                    UVERBS_OBJECT_ASYNC_EVENT,
                                    Access.READ,
                                    OPTIONAL),
                            uhwIn(),
                            uhwOut()),
                    m(
                            UVERBS_OBJECT_CQ,
                            UVERBS_METHOD_CQ_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_CQ_HANDLE,
                                    UVERBS_OBJECT_CQ,
                                    Access.DESTROY,
                                    MANDATORY),
                            out(
                                    UVERBS_ATTR_DESTROY_CQ_RESP,
                                    type(UverbsAttrStructs.DestroyCqResp.SIZE),
                                    MANDATORY)),

                    // uverbs_std_types_qp.c
                    m(
                            UVERBS_OBJECT_QP,
                            UVERBS_METHOD_QP_CREATE,
                            idr(
                                    UVERBS_ATTR_CREATE_QP_HANDLE,
                                    UVERBS_OBJECT_QP,
                                    Access.NEW,
                                    MANDATORY),
                            idr(
                                    UVERBS_ATTR_CREATE_QP_XRCD_HANDLE,
                                    UVERBS_OBJECT_XRCD,
                                    Access.READ,
                                    OPTIONAL),
                            idr(
                                    UVERBS_ATTR_CREATE_QP_PD_HANDLE,
                                    UVERBS_OBJECT_PD,
                                    Access.READ,
                                    OPTIONAL),
                            idr(
                                    UVERBS_ATTR_CREATE_QP_SRQ_HANDLE,
                                    UVERBS_OBJECT_SRQ,
                                    Access.READ,
                                    OPTIONAL),
                            idr(
                                    UVERBS_ATTR_CREATE_QP_SEND_CQ_HANDLE,
                                    UVERBS_OBJECT_CQ,
                                    Access.READ,
                                    OPTIONAL),
                            idr(
                                    UVERBS_ATTR_CREATE_QP_RECV_CQ_HANDLE,
                                    UVERBS_OBJECT_CQ,
                                    Access.READ,
                                    OPTIONAL),
                            idr(
                                    UVERBS_ATTR_CREATE_QP_IND_TABLE_HANDLE,
                                    UVERBS_OBJECT_RWQ_IND_TBL,
                                    Access.READ,
                                    OPTIONAL),
                            in(UVERBS_ATTR_CREATE_QP_USER_HANDLE, type(8), MANDATORY),
                            in(
                                    UVERBS_ATTR_CREATE_QP_CAP,
                                    struct(
                                            UverbsAttrStructs.QpCap.SIZE,
                                            UverbsAttrStructs.QpCap.SIZE),
                                    MANDATORY),
                            constIn(UVERBS_ATTR_CREATE_QP_TYPE, MANDATORY),
                            flagsIn(UVERBS_ATTR_CREATE_QP_FLAGS, OPTIONAL),
                            in(UVERBS_ATTR_CREATE_QP_SOURCE_QPN, type(4), OPTIONAL),
                            fd(
                                    UVERBS_ATTR_CREATE_QP_EVENT_FD,
                                    UVERBS_OBJECT_ASYNC_EVENT,
                                    Access.READ,
                                    OPTIONAL),
                            out(
                                    UVERBS_ATTR_CREATE_QP_RESP_CAP,
                                    struct(
                                            UverbsAttrStructs.QpCap.SIZE,
                                            UverbsAttrStructs.QpCap.SIZE),
                                    MANDATORY),
                            out(UVERBS_ATTR_CREATE_QP_RESP_QP_NUM, type(4), MANDATORY),
                            uhwIn(),
                            uhwOut()),
                    m(
                            UVERBS_OBJECT_QP,
                            UVERBS_METHOD_QP_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_QP_HANDLE,
                                    UVERBS_OBJECT_QP,
                                    Access.DESTROY,
                                    MANDATORY),
                            out(
                                    UVERBS_ATTR_DESTROY_QP_RESP,
                                    type(UverbsAttrStructs.DestroyQpResp.SIZE),
                                    MANDATORY)),

                    // uverbs_std_types_srq.c
                    m(
                            UVERBS_OBJECT_SRQ,
                            UVERBS_METHOD_SRQ_CREATE,
                            idr(
                                    UVERBS_ATTR_CREATE_SRQ_HANDLE,
                                    UVERBS_OBJECT_SRQ,
                                    Access.NEW,
                                    MANDATORY),
                            idr(
                                    UVERBS_ATTR_CREATE_SRQ_PD_HANDLE,
                                    UVERBS_OBJECT_PD,
                                    Access.READ,
                                    MANDATORY),
                            constIn(UVERBS_ATTR_CREATE_SRQ_TYPE, MANDATORY),
                            in(UVERBS_ATTR_CREATE_SRQ_USER_HANDLE, type(8), MANDATORY),
                            in(UVERBS_ATTR_CREATE_SRQ_MAX_WR, type(4), MANDATORY),
                            in(UVERBS_ATTR_CREATE_SRQ_MAX_SGE, type(4), MANDATORY),
                            in(UVERBS_ATTR_CREATE_SRQ_LIMIT, type(4), MANDATORY),
                            idr(
                                    UVERBS_ATTR_CREATE_SRQ_XRCD_HANDLE,
                                    UVERBS_OBJECT_XRCD,
                                    Access.READ,
                                    OPTIONAL),
                            idr(
                                    UVERBS_ATTR_CREATE_SRQ_CQ_HANDLE,
                                    UVERBS_OBJECT_CQ,
                                    Access.READ,
                                    OPTIONAL),
                            in(UVERBS_ATTR_CREATE_SRQ_MAX_NUM_TAGS, type(4), OPTIONAL),
                            fd(
                                    UVERBS_ATTR_CREATE_SRQ_EVENT_FD,
                                    UVERBS_OBJECT_ASYNC_EVENT,
                                    Access.READ,
                                    OPTIONAL),
                            out(UVERBS_ATTR_CREATE_SRQ_RESP_MAX_WR, type(4), MANDATORY),
                            out(UVERBS_ATTR_CREATE_SRQ_RESP_MAX_SGE, type(4), MANDATORY),
                            out(UVERBS_ATTR_CREATE_SRQ_RESP_SRQ_NUM, type(4), OPTIONAL),
                            uhwIn(),
                            uhwOut()),
                    m(
                            UVERBS_OBJECT_SRQ,
                            UVERBS_METHOD_SRQ_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_SRQ_HANDLE,
                                    UVERBS_OBJECT_SRQ,
                                    Access.DESTROY,
                                    MANDATORY),
                            out(
                                    UVERBS_ATTR_DESTROY_SRQ_RESP,
                                    type(UverbsAttrStructs.DestroySrqResp.SIZE),
                                    MANDATORY)),

                    // uverbs_std_types_wq.c
                    m(
                            UVERBS_OBJECT_WQ,
                            UVERBS_METHOD_WQ_CREATE,
                            idr(
                                    UVERBS_ATTR_CREATE_WQ_HANDLE,
                                    UVERBS_OBJECT_WQ,
                                    Access.NEW,
                                    MANDATORY),
                            idr(
                                    UVERBS_ATTR_CREATE_WQ_PD_HANDLE,
                                    UVERBS_OBJECT_PD,
                                    Access.READ,
                                    MANDATORY),
                            constIn(UVERBS_ATTR_CREATE_WQ_TYPE, MANDATORY),
                            in(UVERBS_ATTR_CREATE_WQ_USER_HANDLE, type(8), MANDATORY),
                            in(UVERBS_ATTR_CREATE_WQ_MAX_WR, type(4), MANDATORY),
                            in(UVERBS_ATTR_CREATE_WQ_MAX_SGE, type(4), MANDATORY),
                            flagsIn(UVERBS_ATTR_CREATE_WQ_FLAGS, MANDATORY),
                            idr(
                                    UVERBS_ATTR_CREATE_WQ_CQ_HANDLE,
                                    UVERBS_OBJECT_CQ,
                                    Access.READ,
                                    OPTIONAL),
                            fd(
                                    UVERBS_ATTR_CREATE_WQ_EVENT_FD,
                                    UVERBS_OBJECT_ASYNC_EVENT,
                                    Access.READ,
                                    OPTIONAL),
                            out(UVERBS_ATTR_CREATE_WQ_RESP_MAX_WR, type(4), MANDATORY),
                            out(UVERBS_ATTR_CREATE_WQ_RESP_MAX_SGE, type(4), MANDATORY),
                            out(UVERBS_ATTR_CREATE_WQ_RESP_WQ_NUM, type(4), OPTIONAL),
                            uhwIn(),
                            uhwOut()),
                    m(
                            UVERBS_OBJECT_WQ,
                            UVERBS_METHOD_WQ_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_WQ_HANDLE,
                                    UVERBS_OBJECT_WQ,
                                    Access.DESTROY,
                                    MANDATORY),
                            out(UVERBS_ATTR_DESTROY_WQ_RESP, type(4), MANDATORY)),

                    // uverbs_std_types_flow_action.c: only DESTROY is left in 6.1
                    m(
                            UVERBS_OBJECT_FLOW_ACTION,
                            UVERBS_METHOD_FLOW_ACTION_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_FLOW_ACTION_HANDLE,
                                    UVERBS_OBJECT_FLOW_ACTION,
                                    Access.DESTROY,
                                    MANDATORY)),

                    // uverbs_std_types_dm.c
                    m(
                            UVERBS_OBJECT_DM,
                            UVERBS_METHOD_DM_ALLOC,
                            idr(
                                    UVERBS_ATTR_ALLOC_DM_HANDLE,
                                    UVERBS_OBJECT_DM,
                                    Access.NEW,
                                    MANDATORY),
                            in(UVERBS_ATTR_ALLOC_DM_LENGTH, type(8), MANDATORY),
                            in(UVERBS_ATTR_ALLOC_DM_ALIGNMENT, type(4), MANDATORY)),
                    m(
                            UVERBS_OBJECT_DM,
                            UVERBS_METHOD_DM_FREE,
                            idr(
                                    UVERBS_ATTR_FREE_DM_HANDLE,
                                    UVERBS_OBJECT_DM,
                                    Access.DESTROY,
                                    MANDATORY)),

                    // uverbs_std_types_counters.c
                    m(
                            UVERBS_OBJECT_COUNTERS,
                            UVERBS_METHOD_COUNTERS_CREATE,
                            idr(
                                    UVERBS_ATTR_CREATE_COUNTERS_HANDLE,
                                    UVERBS_OBJECT_COUNTERS,
                                    Access.NEW,
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_COUNTERS,
                            UVERBS_METHOD_COUNTERS_DESTROY,
                            idr(
                                    UVERBS_ATTR_DESTROY_COUNTERS_HANDLE,
                                    UVERBS_OBJECT_COUNTERS,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_COUNTERS,
                            UVERBS_METHOD_COUNTERS_READ,
                            idr(
                                    UVERBS_ATTR_READ_COUNTERS_HANDLE,
                                    UVERBS_OBJECT_COUNTERS,
                                    Access.READ,
                                    MANDATORY),
                            out(UVERBS_ATTR_READ_COUNTERS_BUFF, minSize(0), MANDATORY),
                            flagsIn(UVERBS_ATTR_READ_COUNTERS_FLAGS, OPTIONAL)),

                    // uverbs_std_types_async_fd.c
                    m(
                            UVERBS_OBJECT_ASYNC_EVENT,
                            UVERBS_METHOD_ASYNC_EVENT_ALLOC,
                            fd(
                                    UVERBS_ATTR_ASYNC_EVENT_ALLOC_FD_HANDLE,
                                    UVERBS_OBJECT_ASYNC_EVENT,
                                    Access.NEW,
                                    MANDATORY)));

    /** {@link #CORE} by (object, method). */
    public static final Map<UverbsMethods.Key, Method> CORE_BY_KEY = index(CORE);

    /** Indexes methods by key; fails on a duplicate key. */
    public static Map<UverbsMethods.Key, Method> index(List<Method> methods) {
        Map<UverbsMethods.Key, Method> m = new LinkedHashMap<>();
        for (Method x : methods) {
            if (m.putIfAbsent(x.key(), x) != null) {
                throw new IllegalStateException("duplicate method " + x.key() + ": " + x.name());
            }
        }
        return Collections.unmodifiableMap(m);
    }

    // ---- builders, shared with driver schemas in this package. Attributes are built unnamed and
    // named by the method from the header name tables, so a name can never disagree with its id.

    /** The size rule of a pointer attribute. */
    record Size(int min, int len, boolean zeroTrailing) {}

    /** {@code UVERBS_ATTR_TYPE(t)}: exactly {@code n} bytes. */
    static Size type(int n) {
        return new Size(n, n, false);
    }

    /** {@code UVERBS_ATTR_MIN_SIZE(n)}: at least {@code n} bytes. */
    static Size minSize(int n) {
        return new Size(n, LEN_UNBOUNDED, false);
    }

    /** {@code UVERBS_ATTR_SIZE(min, len)}. */
    static Size size(int min, int len) {
        return new Size(min, len, false);
    }

    /**
     * {@code UVERBS_ATTR_STRUCT(t, last)}: up to the end of {@code last}; more if the excess is
     * zero.
     */
    static Size struct(int minThroughLast, int sizeofStruct) {
        return new Size(minThroughLast, sizeofStruct, true);
    }

    private static Attr attr(
            int id,
            AttrType t,
            boolean mandatory,
            int min,
            int len,
            boolean zt,
            int obj,
            Access acc) {
        return new Attr(id, null, t, mandatory, min, len, zt, obj, acc, List.of());
    }

    static Attr in(int id, Size s, boolean mandatory) {
        return attr(
                id,
                AttrType.PTR_IN,
                mandatory,
                s.min(),
                s.len(),
                s.zeroTrailing(),
                NO_OBJECT,
                Access.NONE);
    }

    static Attr out(int id, Size s, boolean mandatory) {
        return attr(
                id,
                AttrType.PTR_OUT,
                mandatory,
                s.min(),
                s.len(),
                s.zeroTrailing(),
                NO_OBJECT,
                Access.NONE);
    }

    /** {@code UVERBS_ATTR_CONST_IN}: PTR_IN of exactly a u64. */
    static Attr constIn(int id, boolean mandatory) {
        return attr(id, AttrType.CONST_IN, mandatory, 8, 8, false, NO_OBJECT, Access.NONE);
    }

    /** {@code UVERBS_ATTR_FLAGS_IN}: PTR_IN of a u32 or a u64. */
    static Attr flagsIn(int id, boolean mandatory) {
        return attr(id, AttrType.FLAGS_IN, mandatory, 4, 8, false, NO_OBJECT, Access.NONE);
    }

    static Attr idr(int id, int objectType, Access access, boolean mandatory) {
        return attr(id, AttrType.IDR, mandatory, 0, 0, false, objectType, access);
    }

    static Attr fd(int id, int objectType, Access access, boolean mandatory) {
        return attr(id, AttrType.FD, mandatory, 0, 0, false, objectType, access);
    }

    /** {@code UVERBS_ATTR_RAW_FD}: a plain fd in {@code data_s64}, {@code len} 0. */
    static Attr rawFd(int id, boolean mandatory) {
        return attr(id, AttrType.RAW_FD, mandatory, 0, 0, false, NO_OBJECT, Access.NONE);
    }

    /** A plain fd the kernel takes as an inline PTR_IN u32 (REG_DMABUF_MR's FD in 6.1). */
    static Attr fdInU32(int id, boolean mandatory) {
        return attr(id, AttrType.RAW_FD, mandatory, 4, 4, false, NO_OBJECT, Access.NONE);
    }

    static Attr idrsArray(
            int id, int objectType, Access access, int minCount, int maxCount, boolean mandatory) {
        return attr(
                id, AttrType.IDRS_ARRAY, mandatory, minCount, maxCount, false, objectType, access);
    }

    /**
     * {@code UVERBS_ATTR_ENUM_IN}: element {@code i} of {@code elements} is the spec for elem_id i.
     */
    static Attr enumIn(int id, boolean mandatory, List<Attr> elements) {
        return new Attr(
                id,
                null,
                AttrType.ENUM_IN,
                mandatory,
                0,
                0,
                false,
                NO_OBJECT,
                Access.NONE,
                elements);
    }

    private static Attr uhwIn() {
        return in(UVERBS_ATTR_UHW_IN, minSize(0), OPTIONAL);
    }

    private static Attr uhwOut() {
        return out(UVERBS_ATTR_UHW_OUT, minSize(0), OPTIONAL);
    }

    private static Method m(int object, int method, Attr... attrs) {
        return method(UverbsMethods.NAMES::get, UverbsAttrs.NAMES::get, object, method, attrs);
    }

    /**
     * Builds a method, naming it and its attributes from the given tables; fails on a missing name.
     */
    static Method method(
            Function<UverbsMethods.Key, String> methodNames,
            Function<UverbsAttrs.Key, String> attrNames,
            int object,
            int method,
            Attr... attrs) {
        UverbsMethods.Key k = new UverbsMethods.Key(object, method);
        String name = methodNames.apply(k);
        if (name == null) {
            throw new IllegalStateException("no name for method " + k);
        }
        List<Attr> named = new ArrayList<>();
        for (Attr a : attrs) {
            UverbsAttrs.Key ak = new UverbsAttrs.Key(object, method, a.id());
            String an = attrNames.apply(ak);
            if (an == null) {
                throw new IllegalStateException("no name for attribute " + ak + " of " + name);
            }
            named.add(a.named(an));
        }
        return new Method(object, method, name, named);
    }

    private UverbsSchema() {}
}
