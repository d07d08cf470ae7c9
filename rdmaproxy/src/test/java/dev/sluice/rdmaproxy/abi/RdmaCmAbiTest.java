package dev.sluice.rdmaproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.AbiClasses.IntConstant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The rdma_cm command table against the layouts it names (the layouts themselves are compared with
 * the C headers by {@link RdmaAbiLayoutTest}), and the kernel-internal facts of {@link
 * RdmaCmKernel} against the uapi layouts they must fit.
 */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class RdmaCmAbiTest {

    private static Map<String, Class<?>> layoutsByTag() {
        Map<String, Class<?>> byTag = new HashMap<>();
        for (Class<?> l : AbiClasses.layoutClasses()) {
            byTag.put(AbiClasses.cType(l), l);
        }
        return byTag;
    }

    @Test
    void nameTableNamesEveryCommandNumberOnce() {
        Set<String> constants = new TreeSet<>();
        for (IntConstant k : AbiClasses.intConstants(RdmaCmAbi.class)) {
            if (k.name().startsWith("RDMA_USER_CM_CMD_")) {
                constants.add(k.name());
                assertEquals(k.name(), RdmaCmAbi.CMD_NAMES.get(k.value()), "CMD_NAMES names " + k);
            }
        }
        assertEquals(
                constants,
                new TreeSet<>(RdmaCmAbi.CMD_NAMES.values()),
                "CMD_NAMES has only command numbers");
        assertEquals(23, constants.size(), "rdma_user_cm.h numbers 23 commands (ABI 4)");
        for (int i = 0; i < 23; i++) {
            assertNotNull(RdmaCmAbi.CMD_NAMES.get(i), "the numbers are dense: " + i);
        }
    }

    @Test
    void everyNumberButGetOptionIsImplementedInOrder() {
        assertEquals(22, RdmaCmAbi.COMMANDS.size(), "ucma_cmd_table fills 22 of 23 entries");
        int expected = 0;
        for (RdmaCmAbi.Command c : RdmaCmAbi.COMMANDS) {
            if (expected == RdmaCmAbi.RDMA_USER_CM_CMD_GET_OPTION) {
                expected++;
            }
            assertEquals(expected, c.cmd(), "COMMANDS in command order, at " + c.name());
            assertEquals(c, RdmaCmAbi.command(c.cmd()), "command() finds " + c.name());
            expected++;
        }
        assertNull(
                RdmaCmAbi.command(RdmaCmAbi.RDMA_USER_CM_CMD_GET_OPTION),
                "GET_OPTION's table entry is NULL in ucma.c");
        assertNull(RdmaCmAbi.command(23), "no command past JOIN_MCAST");
        assertNull(RdmaCmAbi.command(0xffffffffL), "an unsigned cmd of 2^32-1 is unknown");
        assertNull(RdmaCmAbi.command(-1), "a negative number is unknown");
    }

    @Test
    void tableFieldsAreTheLayoutsFields() {
        Map<String, Class<?>> byTag = layoutsByTag();
        for (RdmaCmAbi.Command c : RdmaCmAbi.COMMANDS) {
            Class<?> req = byTag.get(c.request());
            assertNotNull(req, c.name() + "'s struct " + c.request() + " has a layout");
            int size = AbiClasses.intField(req, "SIZE");
            assertEquals(size, c.inMax(), c.name() + ": inMax is sizeof " + c.request());
            assertTrue(c.inMin() <= c.inMax(), c.name() + ": inMin <= inMax");
            assertTrue(c.inMin() > 0, c.name() + " reads a struct");
            if (c.responds()) {
                assertEquals(
                        AbiClasses.intField(req, "OFF_RESPONSE"),
                        c.responseOffset(),
                        c.name() + ": the response pointer is the struct's response field");
                assertEquals(0, c.responseOffset() % 8, c.name() + ": response is an aligned u64");
                assertNotNull(
                        byTag.get(c.response()),
                        c.name() + "'s response " + c.response() + " has a layout");
                assertTrue(c.outMin() > 0, c.name() + ": a response needs room");
                assertTrue(
                        c.outMin() <= AbiClasses.intField(byTag.get(c.response()), "SIZE"),
                        c.name() + ": outMin is at most the response struct");
            } else {
                assertNull(c.response(), c.name() + " writes nothing back");
                assertEquals(0, c.outMin(), c.name() + " needs no out");
            }
            if (c.idOffset() >= 0) {
                assertEquals(
                        AbiClasses.intField(req, "OFF_ID"),
                        c.idOffset(),
                        c.name() + ": idOffset is the struct's id field");
            } else {
                assertTrue(
                        c.cmd() == RdmaCmAbi.RDMA_USER_CM_CMD_CREATE_ID
                                || c.cmd() == RdmaCmAbi.RDMA_USER_CM_CMD_GET_EVENT,
                        c.name() + ": only CREATE_ID and GET_EVENT name no id");
            }
        }
    }

    @Test
    void bindIpHasAResponseFieldTheKernelNeverWrites() {
        RdmaCmAbi.Command c = RdmaCmAbi.command(RdmaCmAbi.RDMA_USER_CM_CMD_BIND_IP);
        assertEquals(0, RdmaCmAbi.BindIp.OFF_RESPONSE, "the field exists");
        assertEquals(-1, c.responseOffset(), "ucma_bind_ip never copies to it");
    }

    @Test
    void connectAndAcceptAcceptTheStructBeforeEce() {
        RdmaCmAbi.Command connect = RdmaCmAbi.command(RdmaCmAbi.RDMA_USER_CM_CMD_CONNECT);
        RdmaCmAbi.Command accept = RdmaCmAbi.command(RdmaCmAbi.RDMA_USER_CM_CMD_ACCEPT);
        assertEquals(
                RdmaCmAbi.Connect.OFF_ECE, connect.inMin(), "CONNECT: up to reserved = before ECE");
        assertEquals(
                RdmaCmAbi.Accept.OFF_ECE, accept.inMin(), "ACCEPT: up to reserved = before ECE");
        assertEquals(RdmaCmAbi.Ece.SIZE, connect.inMax() - connect.inMin(), "ECE is 8 bytes");
    }

    @Test
    void getEventAcceptsAResponseWithoutReservedAndEce() {
        RdmaCmAbi.Command c = RdmaCmAbi.command(RdmaCmAbi.RDMA_USER_CM_CMD_GET_EVENT);
        assertEquals(
                RdmaCmAbi.EventResp.SIZE - 4 - RdmaCmAbi.Ece.SIZE,
                c.outMin(),
                "ucma_get_event: old 32-bit user space sends neither reserved nor ece");
    }

    @Test
    void sockaddrIbFitsTheStorageButNotBindIpsAddress() {
        assertTrue(
                RdmaCmKernel.SockaddrIb.SIZE <= RdmaCmAbi.SockaddrStorage.SIZE,
                "sockaddr_ib fits __kernel_sockaddr_storage (BIND, RESOLVE_ADDR, JOIN_MCAST)");
        assertTrue(
                RdmaCmKernel.SockaddrIb.SIZE > RdmaCmAbi.SockaddrIn6.SIZE,
                "sockaddr_ib does not fit a sockaddr_in6 field (BIND_IP, RESOLVE_IP, JOIN_IP_MCAST)");
        assertEquals(
                RdmaCmAbi.SockaddrIn.OFF_SIN_FAMILY,
                RdmaCmKernel.SockaddrIb.OFF_SIB_FAMILY,
                "every family field is the first u16");
        assertEquals(
                RdmaCmAbi.SockaddrStorage.OFF_SS_FAMILY,
                RdmaCmKernel.SockaddrIb.OFF_SIB_FAMILY,
                "ss_family is where sib_family is");
        assertEquals(
                16,
                RdmaCmKernel.SockaddrIb.OFF_SIB_SID - RdmaCmKernel.SockaddrIb.OFF_SIB_ADDR,
                "sib_addr is a 16-byte GID");
    }

    @Test
    void pathRecordGidsFitTheRecord() {
        int rec = RdmaCmAbi.PathRecData.SIZE - RdmaCmAbi.PathRecData.OFF_PATH_REC;
        assertEquals(64, rec, "an SA PathRecord is 64 bytes");
        assertTrue(RdmaCmKernel.PATH_REC_SGID + 16 <= rec, "the SGID is inside the record");
        assertEquals(
                RdmaCmKernel.PATH_REC_DGID + 16,
                RdmaCmKernel.PATH_REC_SGID,
                "DGID then SGID (sa_query.c words 2 and 6)");
    }
}
