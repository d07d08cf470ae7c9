package dev.sluice.rdmaproxy.driver;

import static dev.sluice.rdmaproxy.abi.EfaIds.EFA_IB_METHOD_MR_QUERY;
import static dev.sluice.rdmaproxy.abi.LegacyCommands.*;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;
import static dev.sluice.rdmaproxy.driver.UdataRule.all;
import static dev.sluice.rdmaproxy.driver.UdataRule.flags;
import static dev.sluice.rdmaproxy.driver.UdataRule.minLen;
import static dev.sluice.rdmaproxy.driver.UdataRule.oneOf;
import static dev.sluice.rdmaproxy.driver.UdataRule.zero;
import static dev.sluice.rdmaproxy.driver.UdataRule.zeroFrom;

import dev.sluice.rdmaproxy.abi.EfaAbi;
import dev.sluice.rdmaproxy.abi.EfaSchema;
import dev.sluice.rdmaproxy.abi.UverbsAttrValues;
import dev.sluice.rdmaproxy.abi.UverbsAttrs;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsNames;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * AWS Elastic Fabric Adapter ({@code efa}): the core verbs as rdma-core's efa provider (and so
 * libfabric's efa provider and NCCL's aws-ofi-nccl plugin) uses them, efa's driver structs, and the
 * one driver-namespace method a later efa adds, the MR query. There is no EFA hardware in the
 * development loop, so every fact here comes from {@code /usr/include/rdma/efa-abi.h} of Debian's
 * linux-libc-dev 6.1.187 (checked by the C dump) and from drivers/infiniband/hw/efa/efa_verbs.c of
 * Linux 6.1, where each check is cited.
 *
 * <p>efa keeps no user memory in its queues: the kernel allocates CQ and receive-queue buffers
 * itself and returns mmap keys for them, the send queue's descriptors and the doorbells (pages of
 * the device's BARs). Its driver data is therefore sizes, types and flags, no addresses.
 *
 * <p>Allowed (the core table's dispositions; the MR query is CONTINUE like every driver method):
 *
 * <ul>
 *   <li>every core method and legacy write command; QP creation over ioctl only for the two QP
 *       types efa creates, UD and driver (SRD) QPs;
 *   <li>{@code EFA_IB_METHOD_MR_QUERY} on {@code UVERBS_OBJECT_MR} ({@code efadv_query_mr}): the
 *       interconnect ids the device uses to reach one of the caller's own MRs. The 6.1 driver does
 *       not register it (the kernel then fails it itself); a later in-tree efa, or the out-of-tree
 *       efa module AWS installs, runs it.
 * </ul>
 *
 * <p>Every other driver-namespace id is denied as not modelled: efa registers nothing else in the
 * kernels this plugin knows.
 *
 * <p>Driver data: {@link #udataIn} holds one rule per place efa_verbs.c reads UHW_IN in 6.1: the
 * context request, the CQ and QP requests, and the calls whose driver data efa requires to be
 * cleared (PD, AH, MR registration, QP modify, extended device query). Elsewhere efa reads no
 * driver input, so UHW_IN must be empty. efa copies every response with {@code min(sizeof,
 * outlen)}, so UHW_OUT may have any length.
 *
 * <p>Device capabilities: a CQ with a completion channel is allowed only on a device that reported
 * CQ notifications in the extended QUERY_DEVICE's driver response ({@link #CAPS}), which the sentry
 * runs; before any such response, it is refused.
 */
public final class EfaPlugin implements RdmaDriverPlugin {
    public static final EfaPlugin INSTANCE = new EfaPlugin();

    /**
     * The PCI driver of EFA functions, which the RDMA device's parent is bound to (efa_main.c sets
     * ibdev.dev.parent to the PCI device; the module and its {@code pci_driver} are named {@code
     * efa}).
     */
    public static final String HOST_DRIVER = "efa";

    /**
     * {@code sizeof(struct efa_io_rx_cdesc)}: a receive completion entry (efa_io_defs.h, Linux 6.1;
     * a driver header, not uapi, so read by hand and not in the C dump).
     */
    static final int RX_CDESC_SIZE = 16;

    /**
     * {@code sizeof(struct efa_io_rx_cdesc_ex)}: the entry with the sender's GID (efa_io_defs.h,
     * Linux 6.1; read by hand like {@link #RX_CDESC_SIZE}).
     */
    static final int RX_CDESC_EX_SIZE = 32;

    private static final UverbsNames NAMES = UverbsNames.efa();

    /** Driver-namespace methods this plugin allows, CONTINUE. */
    static final Set<UverbsMethods.Key> ALLOWED =
            Set.of(new UverbsMethods.Key(UVERBS_OBJECT_MR, EFA_IB_METHOD_MR_QUERY));

    private static final RdmaTable TABLE =
            RdmaTable.withDriver(
                    List.of(),
                    EfaSchema.METHODS.stream()
                            .filter(m -> ALLOWED.contains(m.key()))
                            .map(RdmaTable.MethodRow::driver)
                            .toList());

    // ---- CONST_IN values

    /**
     * efa_verbs.c efa_qp_validate_attr: efa creates UD and driver (SRD) QPs only and fails other
     * types with EOPNOTSUPP. Over the legacy commands the type is in CORE_IN, which the proxy does
     * not read yet (docs/rdma-drivers.md).
     */
    static final ConstRule QP_TYPE =
            new ConstRule(
                    Map.of(
                            (long) UverbsAttrValues.IB_UVERBS_QPT_UD, "IB_UVERBS_QPT_UD",
                            (long) UverbsAttrValues.IB_UVERBS_QPT_DRIVER, "IB_UVERBS_QPT_DRIVER"),
                    "efa creates UD and driver (SRD) QPs only (efa_verbs.c efa_qp_validate_attr)");

    private static final Map<UverbsAttrs.Key, ConstRule> CONST_RULES =
            Map.of(
                    new UverbsAttrs.Key(
                            UVERBS_OBJECT_QP,
                            UVERBS_METHOD_QP_CREATE,
                            UverbsAttrs.UVERBS_ATTR_CREATE_QP_TYPE),
                    QP_TYPE);

    // ---- driver data (UHW_IN), one rule per struct efa reads; sizes and offsets from efa-abi.h

    /** efa-abi.h: what the library says it handles in efa_ibv_alloc_ucontext_cmd.comp_mask. */
    static final Map<Long, String> UCONTEXT_COMP =
            Map.of(
                    (long) EfaAbi.EFA_ALLOC_UCONTEXT_CMD_COMP_TX_BATCH,
                            "EFA_ALLOC_UCONTEXT_CMD_COMP_TX_BATCH",
                    (long) EfaAbi.EFA_ALLOC_UCONTEXT_CMD_COMP_MIN_SQ_WR,
                            "EFA_ALLOC_UCONTEXT_CMD_COMP_MIN_SQ_WR");

    /**
     * efa_verbs.c efa_alloc_ucontext copies {@code min(sizeof(cmd), inlen)} (none at all from an
     * rdma-core older than the handshake) and reads comp_mask only: a device with a TX batch or a
     * minimum SQ depth needs the matching bit, else EOPNOTSUPP. It ignores other bits, reserved_20
     * and excess data; the proxy is stricter and wants them zero.
     */
    static final UdataRule ALLOC_UCONTEXT =
            new UdataRule(
                    "struct efa_ibv_alloc_ucontext_cmd (efa-abi.h)",
                    all(
                            zeroFrom(EfaAbi.AllocUcontextCmd.SIZE, "data beyond the struct"),
                            flags(
                                    EfaAbi.AllocUcontextCmd.OFF_COMP_MASK,
                                    4,
                                    "comp_mask",
                                    UCONTEXT_COMP),
                            zero(EfaAbi.AllocUcontextCmd.OFF_RESERVED_20, 4, "reserved_20")));

    /** enum (anonymous) of efa_ibv_create_cq.flags (efa-abi.h). */
    static final Map<Long, String> CQ_FLAGS =
            Map.of(
                    (long) EfaAbi.EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL,
                            "EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL",
                    (long) EfaAbi.EFA_CREATE_CQ_WITH_SGID, "EFA_CREATE_CQ_WITH_SGID");

    /**
     * efa_verbs.c efa_create_cq: a receive entry with the sender's GID (WITH_SGID) must be the
     * extended one; without it either size, else EINVAL.
     */
    static final UdataRule.Check CQ_ENTRY_SIZE =
            (u, env) -> {
                long size = u.field(EfaAbi.CreateCq.OFF_CQ_ENTRY_SIZE, 4);
                boolean sgid =
                        (u.field(EfaAbi.CreateCq.OFF_FLAGS, 1) & EfaAbi.EFA_CREATE_CQ_WITH_SGID)
                                != 0;
                if (size == RX_CDESC_EX_SIZE || (!sgid && size == RX_CDESC_SIZE)) {
                    return null;
                }
                return sgid
                        ? "cq_entry_size is "
                                + size
                                + ", but EFA_CREATE_CQ_WITH_SGID needs "
                                + RX_CDESC_EX_SIZE
                                + " (struct efa_io_rx_cdesc_ex, efa_io_defs.h)"
                        : "cq_entry_size is "
                                + size
                                + ", not "
                                + RX_CDESC_SIZE
                                + " (struct efa_io_rx_cdesc) or "
                                + RX_CDESC_EX_SIZE
                                + " (struct efa_io_rx_cdesc_ex, efa_io_defs.h)";
            };

    /**
     * Where efa reports the device's capabilities: {@code device_caps} of the driver response to
     * the extended QUERY_DEVICE (efa_verbs.c efa_query_device, which sets {@code
     * EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS} when the device has event queues). rdma-core's efa
     * provider sends that query when it opens the device (efa_query_device_ctx), before any CQ; the
     * row is EMULATE, so the sentry runs it and reads the kernel's answer in its own buffer.
     */
    static final DeviceCaps.Report CAPS =
            new DeviceCaps.Report(
                    new UdataSite.Write(IB_USER_VERBS_EX_CMD_QUERY_DEVICE, true),
                    EfaAbi.ExQueryDeviceResp.OFF_DEVICE_CAPS,
                    4,
                    "device_caps of struct efa_ibv_ex_query_device_resp (efa-abi.h), read from the"
                            + " extended QUERY_DEVICE the sentry runs");

    /**
     * A CQ with a completion channel needs event queues. efa_create_cq of Linux 6.1 (efa_verbs.c)
     * takes the EQ of the CQ's vector for {@code EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL} without
     * checking that the device has any: on a device without {@code
     * EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS} its EQ array is empty and the index reads past it.
     * Later kernels check ("RDMA/efa: Validate EQ array out of bounds reach"); rdma-core's provider
     * asks for a channel only when the device reports the capability.
     */
    static final CapabilityRule CQ_CHANNEL_NEEDS_NOTIFICATIONS =
            new CapabilityRule(
                    EfaAbi.CreateCq.OFF_FLAGS,
                    1,
                    EfaAbi.EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL,
                    "EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL",
                    EfaAbi.EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS,
                    "EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS",
                    "a device without it has no event queues, and efa_create_cq of Linux 6.1"
                            + " (efa_verbs.c) indexes past its empty EQ array");

    /**
     * efa_verbs.c efa_create_cq: inlen below {@code offsetofend(num_sub_cqs)} is EINVAL, excess
     * must be zero, comp_mask and reserved_58 zero, the entry size one of efa's. The kernel checks
     * num_sub_cqs against the device's {@code sub_cqs_per_cq} itself (a value the proxy does not
     * see) and ignores unknown flag bits, which the proxy refuses. A completion channel only on a
     * device that reported CQ notifications ({@link #CQ_CHANNEL_NEEDS_NOTIFICATIONS}).
     */
    static final UdataRule CREATE_CQ =
            new UdataRule(
                    "struct efa_ibv_create_cq (efa-abi.h)",
                    all(
                            minLen(
                                    EfaAbi.CreateCq.OFF_FLAGS,
                                    "offsetofend(struct efa_ibv_create_cq, num_sub_cqs)"),
                            zeroFrom(EfaAbi.CreateCq.SIZE, "data beyond the struct"),
                            zero(EfaAbi.CreateCq.OFF_COMP_MASK, 4, "comp_mask"),
                            zero(
                                    EfaAbi.CreateCq.OFF_RESERVED_58,
                                    EfaAbi.CreateCq.SIZE - EfaAbi.CreateCq.OFF_RESERVED_58,
                                    "reserved_58"),
                            flags(EfaAbi.CreateCq.OFF_FLAGS, 1, "flags", CQ_FLAGS),
                            CQ_ENTRY_SIZE),
                    List.of(CQ_CHANNEL_NEEDS_NOTIFICATIONS));

    /**
     * efa_verbs.c efa_create_qp: inlen below {@code offsetofend(driver_qp_type)} (the whole 6.1
     * struct) is EINVAL, excess must be zero (a later kernel's flags and service level are there),
     * comp_mask zero, and a driver QP must be SRD (EOPNOTSUPP otherwise; for a UD QP the kernel
     * ignores the field, the proxy still wants SRD's 0). The ring sizes are the device's to judge.
     */
    static final UdataRule CREATE_QP =
            new UdataRule(
                    "struct efa_ibv_create_qp (efa-abi.h)",
                    all(
                            minLen(
                                    EfaAbi.CreateQp.SIZE,
                                    "offsetofend(struct efa_ibv_create_qp, driver_qp_type)"),
                            zeroFrom(
                                    EfaAbi.CreateQp.SIZE,
                                    "data beyond the 6.1 struct (a later kernel's flags and sl)"),
                            zero(EfaAbi.CreateQp.OFF_COMP_MASK, 4, "comp_mask"),
                            oneOf(
                                    EfaAbi.CreateQp.OFF_DRIVER_QP_TYPE,
                                    4,
                                    "driver_qp_type (EFA_QP_DRIVER_TYPE_SRD only)",
                                    EfaAbi.EFA_QP_DRIVER_TYPE_SRD)));

    /**
     * efa_verbs.c efa_alloc_pd, efa_create_ah, efa_modify_qp, efa_query_device: driver input must
     * be cleared ({@code ib_is_udata_cleared}), else EINVAL. efa_alloc_mr (REG_MR) checks only the
     * first {@code sizeof(udata->inlen)} bytes; the proxy checks all of them.
     */
    static final UdataRule ALL_ZERO =
            new UdataRule(
                    "no input struct (efa_verbs.c: driver data must be cleared)",
                    zeroFrom(0, "input the driver does not define"));

    private static final Map<UdataSite, UdataRule> UDATA_IN = udataIn();

    private EfaPlugin() {}

    private static Map<UdataSite, UdataRule> udataIn() {
        Map<UdataSite, UdataRule> m = new LinkedHashMap<>();
        m.put(
                new UdataSite.Method(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT),
                ALLOC_UCONTEXT);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_GET_CONTEXT, false), ALLOC_UCONTEXT);
        m.put(new UdataSite.Method(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE), CREATE_CQ);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_CQ, false), CREATE_CQ);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_CREATE_CQ, true), CREATE_CQ);
        m.put(new UdataSite.Method(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE), CREATE_QP);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_QP, false), CREATE_QP);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_CREATE_QP, true), CREATE_QP);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_MODIFY_QP, false), ALL_ZERO);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_MODIFY_QP, true), ALL_ZERO);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_ALLOC_PD, false), ALL_ZERO);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_AH, false), ALL_ZERO);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_REG_MR, false), ALL_ZERO);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_QUERY_DEVICE, true), ALL_ZERO);
        return Map.copyOf(m);
    }

    @Override
    public String name() {
        return "efa";
    }

    @Override
    public String description() {
        return "AWS Elastic Fabric Adapter (efa)";
    }

    @Override
    public Set<String> hostDrivers() {
        return Set.of(HOST_DRIVER);
    }

    @Override
    public int driverId() {
        return UverbsIoctl.RDMA_DRIVER_EFA;
    }

    @Override
    public UverbsNames names() {
        return NAMES;
    }

    @Override
    public RdmaTable table() {
        return TABLE;
    }

    /** efa refuses nothing by name: besides the MR query it has no driver namespace to refuse. */
    @Override
    public Optional<String> denial(int object, int method) {
        return Optional.empty();
    }

    @Override
    public UdataRule udataIn(UdataSite site) {
        return UDATA_IN.get(site);
    }

    /** None: efa copies each response with {@code min(sizeof(resp), outlen)}, any length works. */
    @Override
    public UdataRule udataOut(UdataSite site) {
        return null;
    }

    @Override
    public ConstRule constRule(int object, int method, int attr) {
        return CONST_RULES.get(new UverbsAttrs.Key(object, method, attr));
    }

    @Override
    public DeviceCaps.Report capsReport() {
        return CAPS;
    }
}
