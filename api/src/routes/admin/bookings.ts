import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as bookings from '../../services/booking-service.ts';
import { pageBookings } from '../../services/admin-service.ts';
import { withId } from '../../services/presenters.ts';
import { errorResponses } from '../../http/envelope.ts';
import { ListQuery, sendList } from '../../http/simple-rest.ts';
import { BookingDto, ListRecord } from '@courtside/contracts';
import { IdParams, RescheduleBody } from '../schemas.ts';

const Record = ListRecord(BookingDto);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/bookings', { schema: { querystring: ListQuery, response: { 200: Type.Array(Record), ...errorResponses } } },
    async (request, reply) => sendList(reply, 'bookings', await pageBookings(app.ctx, request.query)));

  app.get('/bookings/:id', { schema: { params: IdParams, response: { 200: Record, ...errorResponses } } },
    async (request) => withId(await bookings.getBooking(app.ctx, request.currentUser!, request.params.id)));

  // react-admin sends the whole record; only the time fields move the booking.
  app.put('/bookings/:id', {
    schema: {
      params: IdParams,
      body: Type.Object(
        {
          facility: Type.Optional(Type.Union([Type.String(), Type.Object({ _id: Type.String() }, { additionalProperties: true })])),
          date: RescheduleBody.properties.date,
          startTime: RescheduleBody.properties.startTime,
          endTime: RescheduleBody.properties.endTime,
        },
        { additionalProperties: false },
      ),
      response: { 200: Record, ...errorResponses },
    },
  }, async (request) => {
    const { facility, ...times } = request.body;
    const facilityId = typeof facility === 'string' ? facility : facility?._id;
    return withId(await bookings.rescheduleBooking(app.ctx, request.currentUser!, request.params.id, { ...times, facility: facilityId }));
  });

  app.delete('/bookings/:id', { schema: { summary: 'Cancel (refunds a paid booking)', params: IdParams, response: { 200: Record, ...errorResponses } } },
    async (request) => withId(await bookings.cancelBooking(app.ctx, request.currentUser!, request.params.id)));
};

export default routes;
