package dev.sluice.rdmaproxy;

import static dev.sluice.rdmaproxy.abi.Mlx5Ids.*;
import static dev.sluice.rdmaproxy.abi.UverbsAttrs.*;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.Mlx5Abi;
import dev.sluice.rdmaproxy.abi.Mlx5Schema;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The attribute shape rules, one row per kind and failure, on schema entries of the core and of
 * mlx5 (including the ENUM_IN and IDRS_ARRAY kinds that only mlx5's steering methods use).
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class UverbsAttrCheckTest {
    private static final Map<UverbsMethods.Key, UverbsSchema.Method> MLX5 =
            UverbsSchema.index(Mlx5Schema.METHODS);

    private static UverbsSchema.Attr core(int object, int method, int attr) {
        return UverbsSchema.CORE_BY_KEY
                .get(new UverbsMethods.Key(object, method))
                .attr(attr)
                .orElseThrow();
    }

    private static UverbsSchema.Attr mlx5(int object, int method, int attr) {
        return MLX5.get(new UverbsMethods.Key(object, method)).attr(attr).orElseThrow();
    }

    private static UverbsEnvelope.Attr a(int len, int attrData, long data) {
        return new UverbsEnvelope.Attr(0, len, 0, attrData, data);
    }

    private static Arguments row(
            String name, UverbsSchema.Attr spec, UverbsEnvelope.Attr a, String problem) {
        return Arguments.of(name, spec, a, problem);
    }

    static Stream<Arguments> rows() {
        UverbsSchema.Attr cqe =
                core(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE, UVERBS_ATTR_CREATE_CQ_CQE);
        UverbsSchema.Attr cap =
                core(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE, UVERBS_ATTR_CREATE_QP_CAP);
        UverbsSchema.Attr flags =
                core(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE, UVERBS_ATTR_CREATE_CQ_FLAGS);
        UverbsSchema.Attr type =
                core(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE, UVERBS_ATTR_CREATE_QP_TYPE);
        UverbsSchema.Attr handle =
                core(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE, UVERBS_ATTR_CREATE_CQ_HANDLE);
        UverbsSchema.Attr channel =
                core(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE, UVERBS_ATTR_CREATE_CQ_COMP_CHANNEL);
        UverbsSchema.Attr dmabuf =
                core(UVERBS_OBJECT_MR, UVERBS_METHOD_REG_DMABUF_MR, UVERBS_ATTR_REG_DMABUF_MR_FD);
        UverbsSchema.Attr umemFd =
                mlx5(
                        MLX5_IB_OBJECT_DEVX_UMEM,
                        MLX5_IB_METHOD_DEVX_UMEM_REG,
                        MLX5_IB_ATTR_DEVX_UMEM_REG_DMABUF_FD);
        UverbsSchema.Attr actions =
                mlx5(
                        UVERBS_OBJECT_FLOW,
                        MLX5_IB_METHOD_CREATE_FLOW,
                        MLX5_IB_ATTR_CREATE_FLOW_ARR_FLOW_ACTIONS);
        UverbsSchema.Attr flowType =
                mlx5(
                        MLX5_IB_OBJECT_FLOW_MATCHER,
                        MLX5_IB_METHOD_FLOW_MATCHER_CREATE,
                        MLX5_IB_ATTR_FLOW_MATCHER_FLOW_TYPE);
        UverbsSchema.Attr respCqe =
                core(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE, UVERBS_ATTR_CREATE_CQ_RESP_CQE);
        UverbsSchema.Attr uhw = core(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE, UVERBS_ATTR_UHW_IN);
        return Stream.of(
                row("u32 PTR_IN of 4 bytes", cqe, a(4, 0, 255), null),
                row("u32 PTR_IN of 8 bytes", cqe, a(8, 0, 255), "length 8, more than 4"),
                row("u32 PTR_IN of 2 bytes", cqe, a(2, 0, 255), "length 2, less than 4"),
                row("PTR_IN with attr_data.reserved", cqe, a(4, 1, 255), "attr_data.reserved"),
                row("struct PTR_IN of its size", cap, a(20, 0, 0x7f00_0000_0000L), null),
                row(
                        "struct PTR_IN longer (zero_trailing: checked on the copy)",
                        cap,
                        a(32, 0, 0x7f00_0000_0000L),
                        null),
                row(
                        "struct PTR_IN shorter",
                        cap,
                        a(16, 0, 0x7f00_0000_0000L),
                        "length 16, less than 20"),
                row("PTR_OUT of its size", respCqe, a(4, 0, 0x7f00_0000_0000L), null),
                row("PTR_OUT too long", respCqe, a(8, 0, 0x7f00_0000_0000L), "more than 4"),
                row("UHW_IN of any size", uhw, a(4096, 0, 0x7f00_0000_0000L), null),
                row("UHW_IN empty", uhw, a(0, 0, 0), null),
                row("FLAGS_IN u32", flags, a(4, 0, 1), null),
                row("FLAGS_IN u64", flags, a(8, 0, 1), null),
                row("FLAGS_IN u16", flags, a(2, 0, 1), "less than 4"),
                row("CONST_IN u64", type, a(8, 0, 2), null),
                row("CONST_IN u32", type, a(4, 0, 2), "length 4, less than 8"),
                row("IDR", handle, a(0, 0, 7), null),
                row("IDR with a length", handle, a(8, 0, 7), "length 8, expected 0"),
                row("IDR with attr_data", handle, a(0, 2, 7), "attr_data.reserved"),
                row("FD", channel, a(0, 0, 9), null),
                row("FD with a length", channel, a(4, 0, 9), "expected 0"),
                row("REG_DMABUF_MR fd as inline u32", dmabuf, a(4, 0, 42), null),
                row("REG_DMABUF_MR fd in data_s64", dmabuf, a(0, 0, 42), "length 0, less than 4"),
                row("kernel RAW_FD", umemFd, a(0, 0, 42), null),
                row("kernel RAW_FD negative (the kernel takes any int)", umemFd, a(0, 0, -1), null),
                row("kernel RAW_FD beyond an int", umemFd, a(0, 0, 1L << 40), "not an int"),
                row(
                        "kernel RAW_FD with a length",
                        umemFd,
                        a(4, 0, 42),
                        "expected 0 (an fd in data)"),
                row("IDRS_ARRAY of one handle", actions, a(4, 0, 3), null),
                row("IDRS_ARRAY of two handles", actions, a(8, 0, 3 | (4L << 32)), null),
                row(
                        "IDRS_ARRAY of three (max 2)",
                        actions,
                        a(12, 0, 0x7f00_0000_0000L),
                        "names 3 handles, expected 1 to 2"),
                row("IDRS_ARRAY of none", actions, a(0, 0, 0), "names 0 handles"),
                row(
                        "IDRS_ARRAY of a partial handle",
                        actions,
                        a(6, 0, 0),
                        "not a whole number of u32 handles"),
                row("IDRS_ARRAY with attr_data", actions, a(4, 1, 3), "attr_data.reserved"),
                row(
                        "ENUM_IN NORMAL with its u16 priority",
                        flowType,
                        a(2, Mlx5Abi.MLX5_IB_FLOW_TYPE_NORMAL, 5),
                        null),
                row(
                        "ENUM_IN SNIFFER without data",
                        flowType,
                        a(0, Mlx5Abi.MLX5_IB_FLOW_TYPE_SNIFFER, 0),
                        null),
                row(
                        "ENUM_IN NORMAL without its priority",
                        flowType,
                        a(0, Mlx5Abi.MLX5_IB_FLOW_TYPE_NORMAL, 0),
                        "length 0, less than 2 for MLX5_IB_FLOW_TYPE_NORMAL"),
                row(
                        "ENUM_IN SNIFFER with data",
                        flowType,
                        a(2, Mlx5Abi.MLX5_IB_FLOW_TYPE_SNIFFER, 0),
                        "more than 0 for MLX5_IB_FLOW_TYPE_SNIFFER"),
                row("ENUM_IN unknown element", flowType, a(0, 4, 0), "elem_id 4"),
                row("ENUM_IN reserved byte", flowType, a(2, 0x100, 5), "enum_data.reserved"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void shape(String name, UverbsSchema.Attr spec, UverbsEnvelope.Attr a, String problem) {
        String r = UverbsAttrCheck.shape(spec, a);
        if (problem == null) {
            assertNull(r, name);
        } else {
            assertTrue(r != null && r.contains(problem), name + ": " + r);
        }
    }

    @Test
    void inputKindsAreThoseTheKernelReads() {
        for (UverbsSchema.Method m : UverbsSchema.CORE) {
            for (UverbsSchema.Attr s : m.attrs()) {
                boolean in =
                        switch (s.type()) {
                            case PTR_IN, CONST_IN, FLAGS_IN, ENUM_IN -> true;
                            case RAW_FD -> s.len() > 0;
                            default -> false;
                        };
                assertEquals(in, UverbsAttrCheck.input(s), m.name() + "." + s.name());
            }
        }
        UverbsSchema.Attr flowType =
                mlx5(
                        MLX5_IB_OBJECT_FLOW_MATCHER,
                        MLX5_IB_METHOD_FLOW_MATCHER_CREATE,
                        MLX5_IB_ATTR_FLOW_MATCHER_FLOW_TYPE);
        assertEquals(
                List.of(2, 0),
                List.of(
                        UverbsAttrCheck.sizeSpec(flowType, a(2, 0, 0)).len(),
                        UverbsAttrCheck.sizeSpec(flowType, a(0, 1, 0)).len()),
                "an ENUM_IN's size rule is its element's");
    }
}
