package dev.sluice.rdmaproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class Mlx5AbiTest {

    @Test
    void queueCreateRequestsStartWithTheUserBuffers() {
        for (int[] offs :
                new int[][] {
                    {Mlx5Abi.CreateCq.OFF_BUF_ADDR, Mlx5Abi.CreateCq.OFF_DB_ADDR},
                    {Mlx5Abi.CreateQp.OFF_BUF_ADDR, Mlx5Abi.CreateQp.OFF_DB_ADDR},
                    {Mlx5Abi.CreateSrq.OFF_BUF_ADDR, Mlx5Abi.CreateSrq.OFF_DB_ADDR},
                    {Mlx5Abi.CreateWq.OFF_BUF_ADDR, Mlx5Abi.CreateWq.OFF_DB_ADDR}
                }) {
            assertEquals(0, offs[0], "buf_addr is the first u64");
            assertEquals(8, offs[1], "db_addr is the second u64");
        }
        assertEquals(
                Mlx5Abi.CreateQp.OFF_SQ_BUF_ADDR,
                Mlx5Abi.CreateQp.OFF_ACCESS_KEY,
                "sq_buf_addr and access_key share a union");
    }

    @Test
    void matchParamsAreTheDwordCount() {
        assertEquals(
                4 * Mlx5Abi.MLX5_IB_DW_MATCH_PARAM,
                Mlx5Abi.MatchParams.SIZE,
                "match params are 0xa0 dwords");
    }

    @Test
    void ucontextV2ExtendsV1() {
        assertEquals(
                Mlx5Abi.AllocUcontextReq.SIZE,
                Mlx5Abi.AllocUcontextReqV2.OFF_FLAGS,
                "v2 starts with the v1 request");
        assertEquals(1, Mlx5Abi.MLX5_IB_ALLOC_UCTX_DEVX, "the DEVX request bit");
    }
}
