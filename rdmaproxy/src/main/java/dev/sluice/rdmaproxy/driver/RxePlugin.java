package dev.sluice.rdmaproxy.driver;

import static dev.sluice.rdmaproxy.abi.LegacyCommands.*;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;
import static dev.sluice.rdmaproxy.driver.UdataRule.all;
import static dev.sluice.rdmaproxy.driver.UdataRule.empty;
import static dev.sluice.rdmaproxy.driver.UdataRule.minLen;
import static dev.sluice.rdmaproxy.driver.UdataRule.zeroFrom;

import dev.sluice.rdmaproxy.abi.RxeAbi;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsNames;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Soft-RoCE ({@code rdma_rxe}): the core methods and legacy write commands, nothing in the driver
 * namespace (rxe registers no uapi objects, methods or attributes in 6.1), and rxe's few driver
 * structs, from {@code /usr/include/rdma/rdma_user_rxe.h} (Debian linux-libc-dev 6.1.187) and
 * drivers/infiniband/sw/rxe of the Debian linux-source-6.1 6.1.192 package.
 *
 * <p>Driver data: rxe reads one input struct ({@code struct rxe_modify_srq_cmd} with MODIFY_SRQ)
 * and writes its create responses ({@code struct mminfo} for the shared queues) only when the
 * caller's UHW_OUT is large enough, failing CQ, QP and SRQ creation and CQ resize with EINVAL
 * otherwise (rxe_verbs.c). Extended QUERY_DEVICE must carry no driver data in either direction.
 * Every other UHW_IN must be empty.
 */
public final class RxePlugin implements RdmaDriverPlugin {
    public static final RxePlugin INSTANCE = new RxePlugin();

    /** The module that registers rxe devices, and the {@code rdma link} type that creates them. */
    public static final String HOST_DRIVER = "rdma_rxe";

    public static final String LINK_TYPE = "rxe";

    private static final RdmaTable TABLE = RdmaTable.withDriver(List.of(), List.of());

    /** rxe_verbs.c rxe_modify_srq: inlen < sizeof(struct rxe_modify_srq_cmd) is EINVAL. */
    static final UdataRule MODIFY_SRQ =
            new UdataRule(
                    "struct rxe_modify_srq_cmd (rdma_user_rxe.h)",
                    all(
                            minLen(RxeAbi.ModifySrqCmd.SIZE, "sizeof(struct rxe_modify_srq_cmd)"),
                            zeroFrom(RxeAbi.ModifySrqCmd.SIZE, "data beyond the struct")));

    /** rxe_verbs.c rxe_query_device: any driver data in or out is EINVAL. */
    static final UdataRule NO_DATA =
            new UdataRule("no driver struct (rxe_verbs.c rxe_query_device)", empty());

    static final UdataRule CREATE_CQ_RESP =
            outAtLeast("struct rxe_create_cq_resp", RxeAbi.CreateCqResp.SIZE);
    static final UdataRule RESIZE_CQ_RESP =
            outAtLeast("struct rxe_resize_cq_resp", RxeAbi.ResizeCqResp.SIZE);
    static final UdataRule CREATE_QP_RESP =
            outAtLeast("struct rxe_create_qp_resp", RxeAbi.CreateQpResp.SIZE);
    static final UdataRule CREATE_SRQ_RESP =
            outAtLeast("struct rxe_create_srq_resp", RxeAbi.CreateSrqResp.SIZE);

    private static final Map<UdataSite, UdataRule> UDATA_IN =
            Map.of(
                    new UdataSite.Write(IB_USER_VERBS_CMD_MODIFY_SRQ, false), MODIFY_SRQ,
                    new UdataSite.Write(IB_USER_VERBS_EX_CMD_QUERY_DEVICE, true), NO_DATA);

    private static final Map<UdataSite, UdataRule> UDATA_OUT = udataOut();

    private RxePlugin() {}

    /** rxe_verbs.c: udata->outlen < sizeof(*uresp) fails the create or resize with EINVAL. */
    private static UdataRule outAtLeast(String struct, int size) {
        return new UdataRule(struct + " (rdma_user_rxe.h)", minLen(size, "sizeof(" + struct + ")"));
    }

    private static Map<UdataSite, UdataRule> udataOut() {
        Map<UdataSite, UdataRule> m = new LinkedHashMap<>();
        m.put(new UdataSite.Method(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE), CREATE_CQ_RESP);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_CQ, false), CREATE_CQ_RESP);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_CREATE_CQ, true), CREATE_CQ_RESP);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_RESIZE_CQ, false), RESIZE_CQ_RESP);
        m.put(new UdataSite.Method(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE), CREATE_QP_RESP);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_QP, false), CREATE_QP_RESP);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_CREATE_QP, true), CREATE_QP_RESP);
        m.put(new UdataSite.Method(UVERBS_OBJECT_SRQ, UVERBS_METHOD_SRQ_CREATE), CREATE_SRQ_RESP);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_SRQ, false), CREATE_SRQ_RESP);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_XSRQ, false), CREATE_SRQ_RESP);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_QUERY_DEVICE, true), NO_DATA);
        return Map.copyOf(m);
    }

    @Override
    public String name() {
        return "rxe";
    }

    @Override
    public String description() {
        return "Soft-RoCE (rdma_rxe)";
    }

    @Override
    public Set<String> hostDrivers() {
        return Set.of(HOST_DRIVER, LINK_TYPE);
    }

    @Override
    public int driverId() {
        return UverbsIoctl.RDMA_DRIVER_RXE;
    }

    @Override
    public UverbsNames names() {
        return UverbsNames.core();
    }

    @Override
    public RdmaTable table() {
        return TABLE;
    }

    @Override
    public Optional<String> denial(int object, int method) {
        return Optional.empty();
    }

    @Override
    public UdataRule udataIn(UdataSite site) {
        return UDATA_IN.get(site);
    }

    @Override
    public UdataRule udataOut(UdataSite site) {
        return UDATA_OUT.get(site);
    }

    @Override
    public ConstRule constRule(int object, int method, int attr) {
        return null;
    }
}
